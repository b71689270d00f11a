// Self-contained (Node built-ins only): runs inside snmpd's pass_persist handler, see bridge-mib-agent.ts.
import { execFileSync } from 'node:child_process';

/** net-snmp pass_persist value types this MIB needs. */
export type PassType = 'integer' | 'octet';
export interface MibValue {
  oid: number[];
  type: PassType;
  value: string;
}

// RFC 4188 (BRIDGE-MIB) and RFC 4363 (Q-BRIDGE-MIB).
const DOT1D_BRIDGE = [1, 3, 6, 1, 2, 1, 17];
const DOT1D_BASE = [...DOT1D_BRIDGE, 1];
const DOT1D_BASE_PORT_ENTRY = [...DOT1D_BASE, 4, 1];
const DOT1D_TP_FDB_ENTRY = [...DOT1D_BRIDGE, 4, 3, 1];
const DOT1Q_TP_FDB_ENTRY = [...DOT1D_BRIDGE, 7, 1, 2, 2, 1];
const TRANSPARENT_ONLY = 2;
const FDB_STATUS = { learned: 3, self: 4, mgmt: 5 } as const;
// Without VLAN filtering a Linux bridge has one forwarding database; Q-BRIDGE-MIB numbers them from 1.
const DEFAULT_FDB_ID = 1;

interface IpLink {
  ifindex: number;
  ifname: string;
  address?: string;
  linkinfo?: { info_slave_data?: { no?: string } };
}

interface FdbEntry {
  mac: string;
  ifname: string;
  master?: string;
  state?: string;
  flags?: string[];
  vlan?: number;
}

const readJson = <T>(command: string, args: string[]) =>
  JSON.parse(execFileSync(command, args, { encoding: 'utf8' }) || '[]') as T;

const macBytes = (mac: string) => mac.split(':').map((byte) => parseInt(byte, 16));
const octets = (mac: string) => mac.split(':').join(' ');
const integer = (oid: number[], value: number): MibValue => ({ oid, type: 'integer', value: String(value) });

export function compareOids(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

function fdbStatus(entry: FdbEntry): number {
  if (entry.state === 'permanent') return FDB_STATUS.self;
  if (entry.state === 'static') return FDB_STATUS.mgmt;
  return FDB_STATUS.learned;
}

/** The bridge's ports and unicast forwarding entries as BRIDGE-MIB values, in OID order. */
export function readBridgeMib(bridge: string): MibValue[] {
  const [self] = readJson<IpLink[]>('ip', ['-j', 'link', 'show', 'dev', bridge]);
  const ports = readJson<IpLink[]>('ip', ['-j', '-d', 'link', 'show', 'master', bridge]).map((link) => ({
    name: link.ifname,
    ifIndex: link.ifindex,
    number: parseInt(link.linkinfo?.info_slave_data?.no ?? '0', 16),
  }));
  const portNumber = (name: string) => ports.find((port) => port.name === name)?.number ?? 0;
  // The bridge's own entries; "self" ones are the ports' own receive filters, not forwarding entries.
  const fdb = readJson<FdbEntry[]>('bridge', ['-j', 'fdb', 'show', 'br', bridge]).filter(
    (entry) =>
      (macBytes(entry.mac)[0] & 1) === 0 &&
      (entry.master === bridge || (entry.ifname === bridge && !entry.flags?.includes('self'))),
  );

  const values = new Map<string, MibValue>();
  const add = (value: MibValue) => values.set(value.oid.join('.'), value);
  add({ oid: [...DOT1D_BASE, 1, 0], type: 'octet', value: octets(self.address ?? '00:00:00:00:00:00') });
  add(integer([...DOT1D_BASE, 2, 0], ports.length));
  add(integer([...DOT1D_BASE, 3, 0], TRANSPARENT_ONLY));
  for (const port of ports) {
    add(integer([...DOT1D_BASE_PORT_ENTRY, 1, port.number], port.number));
    add(integer([...DOT1D_BASE_PORT_ENTRY, 2, port.number], port.ifIndex));
  }
  // Indexed by MAC alone (dot1d) or by database and MAC (dot1q): the first entry for an index wins.
  for (const entry of [...fdb].reverse()) {
    const mac = macBytes(entry.mac);
    const [port, status] = [portNumber(entry.ifname), fdbStatus(entry)];
    add({ oid: [...DOT1D_TP_FDB_ENTRY, 1, ...mac], type: 'octet', value: octets(entry.mac) });
    add(integer([...DOT1D_TP_FDB_ENTRY, 2, ...mac], port));
    add(integer([...DOT1D_TP_FDB_ENTRY, 3, ...mac], status));
    const fdbId = entry.vlan ?? DEFAULT_FDB_ID;
    add(integer([...DOT1Q_TP_FDB_ENTRY, 2, fdbId, ...mac], port));
    add(integer([...DOT1Q_TP_FDB_ENTRY, 3, fdbId, ...mac], status));
  }
  return [...values.values()].sort((a, b) => compareOids(a.oid, b.oid));
}
