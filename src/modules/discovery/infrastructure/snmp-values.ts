import ipaddr from 'ipaddr.js';

/** Rows of one table as walked: instance index (the OID suffix after the column) -> column number -> raw value. */
export type Rows = Map<string, Map<number, unknown>>;

/** NUL bytes dropped: PostgreSQL text cannot hold them, and agents pad with them. */
export const text = (v: unknown): string | undefined =>
  Buffer.isBuffer(v) ? v.toString('utf8').replace(/\0/g, '') : v === undefined || v === null ? undefined : String(v);
export const int = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** Six bytes as aa:bb:cc:dd:ee:ff; anything else (empty, all-zero, other lengths) is no MAC. */
export function mac(v: unknown): string | undefined {
  if (!Buffer.isBuffer(v) || v.length !== 6 || v.every((b) => b === 0)) return undefined;
  return macOf([...v]);
}

export const macOf = (bytes: number[]): string => bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');

export function ip(bytes: number[]): string | undefined {
  return bytes.length === 4 || bytes.length === 16 ? ipaddr.fromByteArray(bytes).toString() : undefined;
}

/** An index suffix `…length.b1.b2…` (InetAddress in an index) as an address, else undefined. */
export function ipOfIndex(parts: number[]): string | undefined {
  const [length, ...bytes] = parts;
  return bytes.length === length ? ip(bytes) : undefined;
}

/**
 * LLDP-MIB numbers the subtypes differently for the two ids: macAddress is 4 for LldpChassisIdSubtype but 3
 * for LldpPortIdSubtype (networkAddress 5 and 4).
 */
export const CHASSIS_SUBTYPE = { mac: 4, network: 5 } as const;
export const PORT_SUBTYPE = { alias: 1, mac: 3, network: 4, name: 5, local: 7 } as const;

/** An LLDP id: MAC subtypes as a MAC, network-address subtypes (IANA family byte + address) as an IP, else text. */
export function lldpId(
  subtype: unknown,
  value: unknown,
  subtypes: { mac: number; network: number },
): string | undefined {
  if (subtype === subtypes.mac) return mac(value) ?? text(value);
  if (subtype === subtypes.network && Buffer.isBuffer(value)) return ip([...value.subarray(1)]) ?? text(value);
  return text(value);
}
