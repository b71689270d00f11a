import ipaddr from 'ipaddr.js';
import type { ObservedInterface } from '../../inventory/domain/observation';
import type { SnmpFacts } from '../domain/snmp';

/** Rows of one table as walked: instance index (the OID suffix after the column) -> column number -> raw value. */
export type Rows = Map<string, Map<number, unknown>>;

export const SYS_DESCR = '1.3.6.1.2.1.1.1.0';
export const SYS_NAME = '1.3.6.1.2.1.1.5.0';

/** The tables we walk: entry OID and only the columns we read (ifTable and ifXTable also hold counters). */
export const TABLES = {
  // ifDescr, ifType, ifSpeed, ifPhysAddress, ifAdminStatus, ifOperStatus
  if: { entry: '1.3.6.1.2.1.2.2.1', columns: [2, 3, 5, 6, 7, 8] },
  // ifName, ifHighSpeed, ifAlias
  ifX: { entry: '1.3.6.1.2.1.31.1.1.1', columns: [1, 15, 18] },
  // ipAdEntIfIndex; the address is the index
  ipAddr: { entry: '1.3.6.1.2.1.4.20.1', columns: [2] },
  // IP-MIB ipAddressIfIndex, for IPv6 too; the index is type.length.address bytes
  ipAddress: { entry: '1.3.6.1.2.1.4.34.1', columns: [3] },
  // lldpRemChassisIdSubtype, lldpRemChassisId, lldpRemPortIdSubtype, lldpRemPortId, lldpRemPortDesc, lldpRemSysName, lldpRemSysDesc
  lldpRem: { entry: '1.0.8802.1.1.2.1.4.1.1', columns: [4, 5, 6, 7, 8, 9, 10] },
  // lldpRemManAddrIfSubtype: any column will do, the address is in the index
  lldpRemManAddr: { entry: '1.0.8802.1.1.2.1.4.2.1', columns: [3] },
  // lldpLocPortIdSubtype, lldpLocPortId: which interface a local port number is
  lldpLocPort: { entry: '1.0.8802.1.1.2.1.3.7.1', columns: [2, 3] },
  // cdpCacheAddress, cdpCacheDeviceId, cdpCacheDevicePort, cdpCachePlatform
  cdpCache: { entry: '1.3.6.1.4.1.9.9.23.1.2.1.1', columns: [4, 6, 7, 8] },
} as const;

export type TableName = keyof typeof TABLES;

const STATUSES = ['Up', 'Down', 'Testing', 'Unknown', 'Dormant', 'NotPresent', 'LowerLayerDown'];
const IF_SPEED_SATURATED = 4294967295;
// LLDP-MIB numbers the subtypes differently for the two ids: macAddress is 4 for LldpChassisIdSubtype but 3
// for LldpPortIdSubtype (networkAddress 5 and 4).
const LLDP_CHASSIS_MAC = 4;
const LLDP_CHASSIS_NETWORK = 5;
const LLDP_PORT_MAC = 3;
const LLDP_PORT_NETWORK = 4;

/** NUL bytes dropped: PostgreSQL text cannot hold them, and agents pad with them. */
export const text = (v: unknown): string | undefined =>
  Buffer.isBuffer(v) ? v.toString('utf8').replace(/\0/g, '') : v === undefined || v === null ? undefined : String(v);
const int = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const status = (v: unknown): string | undefined =>
  v === undefined ? undefined : (STATUSES[Number(v) - 1] ?? 'Unknown');

/** Six bytes as aa:bb:cc:dd:ee:ff; anything else (empty, all-zero, other lengths) is no MAC. */
function mac(v: unknown): string | undefined {
  if (!Buffer.isBuffer(v) || v.length !== 6 || v.every((b) => b === 0)) return undefined;
  return [...v].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

function ip(bytes: number[]): string | undefined {
  return bytes.length === 4 || bytes.length === 16 ? ipaddr.fromByteArray(bytes).toString() : undefined;
}

/** An LLDP id: MAC subtypes as a MAC, network-address subtypes (IANA family byte + address) as an IP, else text. */
function lldpId(subtype: unknown, value: unknown, macSubtype: number, networkSubtype: number): string | undefined {
  if (subtype === macSubtype) return mac(value) ?? text(value);
  if (subtype === networkSubtype && Buffer.isBuffer(value)) return ip([...value.subarray(1)]) ?? text(value);
  return text(value);
}

/** ifHighSpeed is in Mb/s rounded to the nearest one: it wins only when ifSpeed is capped or clearly too small. */
function speed(ifSpeed: number | undefined, ifHighSpeed: number | undefined): number | undefined {
  if (ifHighSpeed === undefined) return ifSpeed;
  const high = ifHighSpeed * 1_000_000;
  if (ifSpeed === undefined || ifSpeed === IF_SPEED_SATURATED || high > ifSpeed + 500_000) return high;
  return ifSpeed;
}

/** The first row (in walk order) per value of one index component, with its full index. */
function firstByIndexPart(rows: Rows, part: number): Map<number, [string, Map<number, unknown>]> {
  const out = new Map<number, [string, Map<number, unknown>]>();
  for (const [index, row] of rows) {
    const key = Number(index.split('.')[part]);
    if (!out.has(key)) out.set(key, [index, row]);
  }
  return out;
}

/** Only the fields an agent reported: absent columns stay absent (the ingest fills its defaults). */
function compact(i: ObservedInterface): ObservedInterface {
  return Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined)) as ObservedInterface;
}

/**
 * LLDP's local port numbers as ifIndexes, from lldpLocPortTable's port ids: an interface name, alias or
 * "local" id matches ifName, ifDescr or ifAlias, a MAC id ifPhysAddress. Ports without a row or a match keep
 * their number, which is what most agents (Cisco, Arista, lldpd, Net-SNMP) make equal to the ifIndex.
 */
function localPortInterfaces(t: Record<TableName, Rows>): Map<number, number> {
  const out = new Map<number, number>();
  for (const [port, row] of t.lldpLocPort) {
    const id = lldpId(row.get(2), row.get(3), LLDP_PORT_MAC, LLDP_PORT_NETWORK);
    if (!id) continue;
    const match = [...t.if].find(([index, ifRow]) => {
      const names = [text(ifRow.get(2)), text(t.ifX.get(index)?.get(1)), text(t.ifX.get(index)?.get(18))];
      return names.includes(id) || mac(ifRow.get(6)) === id;
    });
    if (match) out.set(Number(port), Number(match[0]));
  }
  return out;
}

export function toFacts(sysName: string, sysDescr: string, t: Record<TableName, Rows>): SnmpFacts {
  const addresses = [
    ...[...t.ipAddr].map(([index, row]) => ({ ip_address: index, if_index: int(row.get(2)) })),
    ...[...t.ipAddress].map(([index, row]) => {
      const [, length, ...bytes] = index.split('.').map(Number);
      return { ip_address: bytes.length === length ? ip(bytes) : undefined, if_index: int(row.get(3)) };
    }),
  ].filter(
    (a, i, all): a is { ip_address: string; if_index: number } =>
      a.ip_address !== undefined &&
      a.if_index !== undefined &&
      all.findIndex((b) => b.ip_address === a.ip_address) === i,
  );
  // lldpRemManAddrTable index: timeMark.localPortNum.remIndex.addrSubtype.addrLength.addrBytes...
  const managementAddresses = new Map<string, string>();
  for (const index of t.lldpRemManAddr.keys()) {
    const [timeMark, port, remIndex, , length, ...bytes] = index.split('.').map(Number);
    const address = bytes.length === length ? ip(bytes) : undefined;
    const key = `${timeMark}.${port}.${remIndex}`;
    if (address && !managementAddresses.has(key)) managementAddresses.set(key, address);
  }
  // lldpRemTable index is timeMark.localPortNum.remIndex: a neighbor lands on the interface of its local port.
  const lldpByPort = firstByIndexPart(t.lldpRem, 1);
  const ifIndexOfPort = localPortInterfaces(t);
  // cdpCacheTable index is ifIndex.deviceIndex: the first neighbor per interface.
  const cdpByIf = firstByIndexPart(t.cdpCache, 0);

  const indexes = [...new Set([...t.if.keys(), ...t.ifX.keys()])].map(Number).sort((a, b) => a - b);
  const interfaces = indexes.map((ifIndex) => {
    const row = t.if.get(String(ifIndex)) ?? new Map<number, unknown>();
    const x = t.ifX.get(String(ifIndex)) ?? new Map<number, unknown>();
    const lldp = [...lldpByPort].find(([port]) => (ifIndexOfPort.get(port) ?? port) === ifIndex)?.[1];
    const cdp = cdpByIf.get(ifIndex)?.[1];
    const cdpAddress = cdp?.get(4);
    return compact({
      if_index: ifIndex,
      if_name: text(x.get(1)),
      if_descr: text(row.get(2)),
      if_alias: text(x.get(18)),
      if_type: int(row.get(3)),
      speed_bps: speed(int(row.get(5)), int(x.get(15))),
      admin_status: status(row.get(7)),
      oper_status: status(row.get(8)),
      mac_address: mac(row.get(6)),
      ip_address: addresses.find((a) => a.if_index === ifIndex)?.ip_address,
      ...(lldp && {
        lldp_chassis_id: lldpId(lldp[1].get(4), lldp[1].get(5), LLDP_CHASSIS_MAC, LLDP_CHASSIS_NETWORK),
        lldp_port_id: lldpId(lldp[1].get(6), lldp[1].get(7), LLDP_PORT_MAC, LLDP_PORT_NETWORK),
        lldp_port_desc: text(lldp[1].get(8)),
        lldp_sys_name: text(lldp[1].get(9)),
        lldp_sys_desc: text(lldp[1].get(10)),
        lldp_mgmt_addr: managementAddresses.get(lldp[0]),
      }),
      ...(cdp && {
        cdp_address: Buffer.isBuffer(cdpAddress) && cdpAddress.length === 4 ? ip([...cdpAddress]) : undefined,
        cdp_device_id: text(cdp.get(6)),
        cdp_port_id: text(cdp.get(7)),
        cdp_platform: text(cdp.get(8)),
      }),
    });
  });
  return { sys_name: sysName, sys_descr: sysDescr, interfaces, addresses };
}
