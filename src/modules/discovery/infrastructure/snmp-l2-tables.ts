import { int, ipOfIndex, mac, macOf, type Rows } from './snmp-values';

export interface ArpEntry {
  if_index: number;
  ip_address: string;
  mac_address: string;
}

export interface FdbEntry {
  if_index: number;
  mac_address: string;
}

/** ipNetToPhysicalType / ipNetToMediaType invalid(2): a deleted entry. */
const ARP_INVALID = 2;
/** dot1dTpFdbStatus invalid(2) and self(4): not a MAC learnt from the wire. */
const FDB_NOT_LEARNT = new Set([2, 4]);

/**
 * The agent's neighbour (ARP/ND) table: IP-MIB ipNetToPhysicalTable (index ifIndex.type.length.address,
 * IPv4 and IPv6), else the older ipNetToMediaTable (index ifIndex.a.b.c.d).
 */
export function arpEntries(physical: Rows, media: Rows): ArpEntry[] {
  const entries: ArpEntry[] = [];
  const add = (ifIndex: number, ip: string | undefined, physAddress: unknown, type: unknown) => {
    const address = mac(physAddress);
    if (ip && address && type !== ARP_INVALID)
      entries.push({ if_index: ifIndex, ip_address: ip, mac_address: address });
  };
  for (const [index, row] of physical) {
    const [ifIndex, , ...address] = index.split('.').map(Number);
    add(ifIndex, ipOfIndex(address), row.get(4), row.get(6));
  }
  if (entries.length > 0) return entries;
  for (const [index, row] of media) {
    const [ifIndex, ...address] = index.split('.').map(Number);
    add(ifIndex, ipOfIndex([4, ...address]), row.get(2), row.get(4));
  }
  return entries;
}

/**
 * MACs the bridge learnt and on which interface: BRIDGE-MIB dot1dTpFdbTable (index = the MAC) and Q-BRIDGE
 * dot1qTpFdbTable (index = fdbId.MAC, per VLAN), each bridge port turned into its ifIndex through
 * dot1dBasePortTable. A MAC learnt in several VLANs on one port counts once.
 */
export function fdbEntries(basePorts: Rows, tpFdb: Rows, qFdb: Rows): FdbEntry[] {
  const ifIndexOf = (port: unknown) => int(basePorts.get(String(port))?.get(2));
  const seen = new Set<string>();
  const entries: FdbEntry[] = [];
  const add = (macBytes: number[], port: unknown, status: unknown) => {
    const ifIndex = ifIndexOf(port);
    if (macBytes.length !== 6 || ifIndex === undefined || FDB_NOT_LEARNT.has(Number(status))) return;
    const mac_address = macOf(macBytes);
    if (seen.has(`${ifIndex}|${mac_address}`)) return;
    seen.add(`${ifIndex}|${mac_address}`);
    entries.push({ if_index: ifIndex, mac_address });
  };
  for (const [index, row] of tpFdb) add(index.split('.').map(Number), row.get(2), row.get(3));
  for (const [index, row] of qFdb) add(index.split('.').map(Number).slice(1), row.get(2), row.get(3));
  return entries;
}

/** LldpSystemCapabilitiesMap, BITS: bit 0 is the high bit of the first octet. */
const LLDP_CAPABILITIES = [
  'Other',
  'Repeater',
  'Bridge',
  'WlanAccessPoint',
  'Router',
  'Telephone',
  'Docsis',
  'Station',
];
/** CISCO-CDP-MIB cdpCacheCapabilities: a 32-bit mask (router 0x01, bridges 0x02/0x04, switch 0x08, host 0x10, repeater 0x40). */
const CDP_CAPABILITIES: [number, string][] = [
  [0x01, 'Router'],
  [0x02, 'Bridge'],
  [0x04, 'Bridge'],
  [0x08, 'Bridge'],
  [0x10, 'Station'],
  [0x40, 'Repeater'],
];

export function lldpCapabilities(bits: unknown): string[] | undefined {
  if (!Buffer.isBuffer(bits) || bits.length === 0) return undefined;
  return LLDP_CAPABILITIES.filter((_, bit) => (bits[bit >> 3] & (0x80 >> (bit & 7))) !== 0);
}

export function cdpCapabilities(mask: unknown): string[] | undefined {
  if (!Buffer.isBuffer(mask) || mask.length !== 4) return undefined;
  const value = mask.readUInt32BE(0);
  return [...new Set(CDP_CAPABILITIES.filter(([bit]) => value & bit).map(([, name]) => name))];
}
