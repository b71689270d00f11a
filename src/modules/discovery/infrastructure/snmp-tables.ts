import type { ObservedInterface } from '../../inventory';
import type { SnmpFacts } from '../domain/snmp';
import { agentInterfaces, localPortInterfaces } from './lldp-local-ports';
import { arpEntries, cdpCapabilities, fdbEntries, lldpCapabilities } from './snmp-l2-tables';
import { CHASSIS_SUBTYPE, int, ip, ipOfIndex, lldpId, mac, PORT_SUBTYPE, type Rows, text } from './snmp-values';

export type { Rows } from './snmp-values';
export { text } from './snmp-values';

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
  // lldpRemChassisIdSubtype, lldpRemChassisId, lldpRemPortIdSubtype, lldpRemPortId, lldpRemPortDesc, lldpRemSysName,
  // lldpRemSysDesc, lldpRemSysCapEnabled
  lldpRem: { entry: '1.0.8802.1.1.2.1.4.1.1', columns: [4, 5, 6, 7, 8, 9, 10, 12] },
  // lldpRemManAddrIfSubtype: any column will do, the address is in the index
  lldpRemManAddr: { entry: '1.0.8802.1.1.2.1.4.2.1', columns: [3] },
  // lldpLocPortIdSubtype, lldpLocPortId, lldpLocPortDesc: which interface a local port number is
  lldpLocPort: { entry: '1.0.8802.1.1.2.1.3.7.1', columns: [2, 3, 4] },
  // cdpCacheAddress, cdpCacheDeviceId, cdpCacheDevicePort, cdpCachePlatform, cdpCacheCapabilities
  cdpCache: { entry: '1.3.6.1.4.1.9.9.23.1.2.1.1', columns: [4, 6, 7, 8, 9] },
  // ipNetToPhysicalPhysAddress, ipNetToPhysicalType: the ARP/ND table of a router or L3 switch
  ipNetToPhysical: { entry: '1.3.6.1.2.1.4.35.1', columns: [4, 6] },
  // ipNetToMediaPhysAddress, ipNetToMediaType: the same, older and IPv4 only
  ipNetToMedia: { entry: '1.3.6.1.2.1.4.22.1', columns: [2, 4] },
  // dot1dBasePortIfIndex: bridge port -> ifIndex
  dot1dBasePort: { entry: '1.3.6.1.2.1.17.1.4.1', columns: [2] },
  // dot1dTpFdbPort, dot1dTpFdbStatus: MACs learnt per bridge port
  dot1dTpFdb: { entry: '1.3.6.1.2.1.17.4.3.1', columns: [2, 3] },
  // dot1qTpFdbPort, dot1qTpFdbStatus: the same per VLAN (Q-BRIDGE-MIB)
  dot1qTpFdb: { entry: '1.3.6.1.2.1.17.7.1.2.2.1', columns: [2, 3] },
} as const;

export type TableName = keyof typeof TABLES;

const STATUSES = ['Up', 'Down', 'Testing', 'Unknown', 'Dormant', 'NotPresent', 'LowerLayerDown'];
const IF_SPEED_SATURATED = 4294967295;

const status = (v: unknown): string | undefined =>
  v === undefined ? undefined : (STATUSES[Number(v) - 1] ?? 'Unknown');

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

function addressesOf(t: Record<TableName, Rows>): SnmpFacts['addresses'] {
  return [
    ...[...t.ipAddr].map(([index, row]) => ({ ip_address: index, if_index: int(row.get(2)) })),
    ...[...t.ipAddress].map(([index, row]) => {
      const [, ...address] = index.split('.').map(Number);
      return { ip_address: ipOfIndex(address), if_index: int(row.get(3)) };
    }),
  ].filter(
    (a, i, all): a is { ip_address: string; if_index: number } =>
      a.ip_address !== undefined &&
      a.if_index !== undefined &&
      all.findIndex((b) => b.ip_address === a.ip_address) === i,
  );
}

/** lldpRemManAddrTable index: timeMark.localPortNum.remIndex.addrSubtype.addrLength.addrBytes... */
function managementAddresses(rows: Rows): Map<string, string> {
  const out = new Map<string, string>();
  for (const index of rows.keys()) {
    const [timeMark, port, remIndex, , ...address] = index.split('.').map(Number);
    const ipAddress = ipOfIndex(address);
    const key = `${timeMark}.${port}.${remIndex}`;
    if (ipAddress && !out.has(key)) out.set(key, ipAddress);
  }
  return out;
}

function lldpFields([index, row]: [string, Map<number, unknown>], management: Map<string, string>) {
  return {
    lldp_chassis_id: lldpId(row.get(4), row.get(5), CHASSIS_SUBTYPE),
    lldp_port_id: lldpId(row.get(6), row.get(7), PORT_SUBTYPE),
    lldp_port_desc: text(row.get(8)),
    lldp_sys_name: text(row.get(9)),
    lldp_sys_desc: text(row.get(10)),
    lldp_mgmt_addr: management.get(index),
    neighbor_capabilities: lldpCapabilities(row.get(12)),
  };
}

function cdpFields(row: Map<number, unknown>) {
  const address = row.get(4);
  return {
    cdp_address: Buffer.isBuffer(address) && address.length === 4 ? ip([...address]) : undefined,
    cdp_device_id: text(row.get(6)),
    cdp_port_id: text(row.get(7)),
    cdp_platform: text(row.get(8)),
    neighbor_capabilities: cdpCapabilities(row.get(9)),
  };
}

export function toFacts(sysName: string, sysDescr: string, t: Record<TableName, Rows>): SnmpFacts {
  const addresses = addressesOf(t);
  const management = managementAddresses(t.lldpRemManAddr);
  // lldpRemTable index is timeMark.localPortNum.remIndex: a neighbor lands on the interface of its local port.
  const lldpByPort = firstByIndexPart(t.lldpRem, 1);
  const ifIndexOfPort = localPortInterfaces(t.lldpLocPort, agentInterfaces(t.if, t.ifX));
  // cdpCacheTable index is ifIndex.deviceIndex: the first neighbor per interface.
  const cdpByIf = firstByIndexPart(t.cdpCache, 0);
  const arp = arpEntries(t.ipNetToPhysical, t.ipNetToMedia);
  const fdb = fdbEntries(t.dot1dBasePort, t.dot1dTpFdb, t.dot1qTpFdb);

  const indexes = [...new Set([...t.if.keys(), ...t.ifX.keys()])].map(Number).sort((a, b) => a - b);
  const interfaces = indexes.map((ifIndex) => {
    const row = t.if.get(String(ifIndex)) ?? new Map<number, unknown>();
    const x = t.ifX.get(String(ifIndex)) ?? new Map<number, unknown>();
    const lldp = [...lldpByPort].find(([port]) => (ifIndexOfPort.get(port) ?? port) === ifIndex)?.[1];
    const cdp = cdpByIf.get(ifIndex)?.[1];
    const learned = [
      ...fdb.filter((e) => e.if_index === ifIndex).map((e) => ({ mac_address: e.mac_address, via: 'fdb' as const })),
      ...arp
        .filter((e) => e.if_index === ifIndex)
        .map((e) => ({ mac_address: e.mac_address, ip_address: e.ip_address, via: 'arp' as const })),
    ];
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
      ...(cdp && cdpFields(cdp)),
      ...(lldp && lldpFields(lldp, management)),
      ...(learned.length > 0 && { learned }),
    });
  });
  return { sys_name: sysName, sys_descr: sysDescr, interfaces, addresses, arp };
}
