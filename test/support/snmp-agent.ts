import { createSocket, type Socket } from 'node:dgram';
import ipaddr from 'ipaddr.js';
import * as snmp from 'net-snmp';

export interface AgentUser {
  name: string;
  level: 'noAuthNoPriv' | 'authNoPriv' | 'authPriv';
  authProtocol?: 'md5' | 'sha' | 'sha224' | 'sha256' | 'sha384' | 'sha512';
  authKey?: string;
  privProtocol?: 'des' | 'aes' | 'aes256b' | 'aes256r';
  privKey?: string;
}

export interface AgentData {
  sysName: string;
  sysDescr: string;
  interfaces: {
    ifIndex: number;
    ifDescr: string;
    ifName: string;
    ifAlias: string;
    ifType: number;
    /** bits per second: ifSpeed saturates at 2^32-1, ifHighSpeed carries Mb/s. */
    speed: number;
    adminUp: boolean;
    operUp: boolean;
    /** aa:bb:cc:dd:ee:ff, or '' for none. */
    mac: string;
  }[];
  /** ipAddrTable rows (IPv4). */
  addresses: { ip: string; ifIndex: number }[];
  /** IP-MIB ipAddressTable rows, v4 or v6; absent: no such table. */
  ipAddresses?: { ip: string; ifIndex: number }[];
  /**
   * lldpRemTable rows; a portId that looks like a MAC is sent with subtype macAddress(3), else interfaceName(5).
   * Undefined: no LLDP-MIB at all; []: registered but empty (net-snmp then answers GETNEXT inside the table
   * with noSuchInstance, a quirk a walker must survive).
   */
  lldp?: {
    localPort: number;
    chassisMac: string;
    portId: string;
    portDesc: string;
    sysName: string;
    sysDesc: string;
    mgmtAddress?: string;
  }[];
  cdp?: { ifIndex: number; address: string; deviceId: string; devicePort: string; platform: string }[];
  /** lldpLocPortTable rows (port ids sent as interfaceName(5), or macAddress(3) when they look like one). */
  lldpLocalPorts?: { portNum: number; portId: string }[];
}

export interface AgentOptions {
  /** A 127.x address: the agent binds only there. */
  address: string;
  /** 0 for a free port. */
  port?: number;
  communities?: string[];
  users?: AgentUser[];
  data: AgentData;
}

export interface RunningAgent {
  port: number;
  close(): Promise<void>;
}

const { ObjectType: T, MaxAccess: A } = snmp;
const isMac = (text: string) => /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(text);
const macBytes = (text: string) => Buffer.from(text ? text.split(':').map((h) => parseInt(h, 16)) : []);
const ipBytes = (text: string) => Buffer.from(text.split('.').map(Number));
const column = (number: number, name: string, type: snmp.ObjectType, readable = true) => ({
  number,
  name,
  type,
  maxAccess: readable ? A['read-only'] : A['not-accessible'],
});
const table = (name: string, oid: string, tableColumns: object[], tableIndex?: object[], tableAugments?: string) => ({
  name,
  type: snmp.MibProviderType.Table,
  oid,
  maxAccess: A['not-accessible'],
  tableColumns,
  ...(tableIndex && { tableIndex }),
  ...(tableAugments && { tableAugments }),
});
const scalar = (name: string, oid: string) => ({
  name,
  type: snmp.MibProviderType.Scalar,
  oid,
  scalarType: T.OctetString,
  maxAccess: A['read-only'],
});
const lldpIndex = ['lldpRemTimeMark', 'lldpRemLocalPortNum', 'lldpRemIndex'];

// Built per agent: net-snmp fills in (mutates) the definitions it registers.
const baseProviders = () => [
  scalar('sysDescr', '1.3.6.1.2.1.1.1'),
  scalar('sysName', '1.3.6.1.2.1.1.5'),
  table(
    'ifTable',
    '1.3.6.1.2.1.2.2.1',
    [
      column(1, 'ifIndex', T.Integer),
      column(2, 'ifDescr', T.OctetString),
      column(3, 'ifType', T.Integer),
      column(5, 'ifSpeed', T.Gauge),
      column(6, 'ifPhysAddress', T.OctetString),
      column(7, 'ifAdminStatus', T.Integer),
      column(8, 'ifOperStatus', T.Integer),
    ],
    [{ columnName: 'ifIndex' }],
  ),
  table(
    'ifXTable',
    '1.3.6.1.2.1.31.1.1.1',
    [column(1, 'ifName', T.OctetString), column(15, 'ifHighSpeed', T.Gauge), column(18, 'ifAlias', T.OctetString)],
    undefined,
    'ifTable',
  ),
  table(
    'ipAddrTable',
    '1.3.6.1.2.1.4.20.1',
    [column(1, 'ipAdEntAddr', T.IpAddress), column(2, 'ipAdEntIfIndex', T.Integer)],
    [{ columnName: 'ipAdEntAddr' }],
  ),
];

const lldpProviders = () => [
  table(
    'lldpRemTable',
    '1.0.8802.1.1.2.1.4.1.1',
    [
      column(1, 'lldpRemTimeMark', T.TimeTicks, false),
      column(2, 'lldpRemLocalPortNum', T.Integer, false),
      column(3, 'lldpRemIndex', T.Integer, false),
      column(4, 'lldpRemChassisIdSubtype', T.Integer),
      column(5, 'lldpRemChassisId', T.OctetString),
      column(6, 'lldpRemPortIdSubtype', T.Integer),
      column(7, 'lldpRemPortId', T.OctetString),
      column(8, 'lldpRemPortDesc', T.OctetString),
      column(9, 'lldpRemSysName', T.OctetString),
      column(10, 'lldpRemSysDesc', T.OctetString),
    ],
    lldpIndex.map((columnName) => ({ columnName })),
  ),
  table(
    'lldpRemManAddrTable',
    '1.0.8802.1.1.2.1.4.2.1',
    [
      column(1, 'lldpRemManAddrSubtype', T.Integer, false),
      column(2, 'lldpRemManAddr', T.OctetString, false),
      column(3, 'lldpRemManAddrIfSubtype', T.Integer),
      column(4, 'lldpRemManAddrIfId', T.Integer),
    ],
    [
      ...lldpIndex.map((columnName) => ({ columnName, foreign: 'lldpRemTable' })),
      { columnName: 'lldpRemManAddrSubtype' },
      { columnName: 'lldpRemManAddr' },
    ],
  ),
];

const lldpLocalProviders = () => [
  table(
    'lldpLocPortTable',
    '1.0.8802.1.1.2.1.3.7.1',
    [
      column(1, 'lldpLocPortNum', T.Integer, false),
      column(2, 'lldpLocPortIdSubtype', T.Integer),
      column(3, 'lldpLocPortId', T.OctetString),
    ],
    [{ columnName: 'lldpLocPortNum' }],
  ),
];

const ipAddressProviders = () => [
  table(
    'ipAddressTable',
    '1.3.6.1.2.1.4.34.1',
    [
      column(1, 'ipAddressAddrType', T.Integer, false),
      column(2, 'ipAddressAddr', T.OctetString, false),
      column(3, 'ipAddressIfIndex', T.Integer),
    ],
    [{ columnName: 'ipAddressAddrType' }, { columnName: 'ipAddressAddr' }],
  ),
];

const cdpProviders = () => [
  table(
    'cdpCacheTable',
    '1.3.6.1.4.1.9.9.23.1.2.1.1',
    [
      column(1, 'cdpCacheIfIndex', T.Integer, false),
      column(2, 'cdpCacheDeviceIndex', T.Integer, false),
      column(3, 'cdpCacheAddressType', T.Integer),
      column(4, 'cdpCacheAddress', T.OctetString),
      column(6, 'cdpCacheDeviceId', T.OctetString),
      column(7, 'cdpCacheDevicePort', T.OctetString),
      column(8, 'cdpCachePlatform', T.OctetString),
    ],
    [{ columnName: 'cdpCacheIfIndex' }, { columnName: 'cdpCacheDeviceIndex' }],
  ),
];

/** The part of net-snmp's (untyped) Mib this fixture uses. */
interface Mib {
  registerProviders(providers: object[]): void;
  setScalarValue(name: string, value: unknown): void;
  addTableRow(name: string, row: unknown[]): void;
}

function fill(mib: Mib, data: AgentData): void {
  mib.registerProviders(baseProviders());
  // No lldp/cdp list: the agent does not implement that MIB at all.
  if (data.lldp) mib.registerProviders(lldpProviders());
  if (data.cdp) mib.registerProviders(cdpProviders());
  if (data.lldpLocalPorts) mib.registerProviders(lldpLocalProviders());
  if (data.ipAddresses) mib.registerProviders(ipAddressProviders());
  mib.setScalarValue('sysDescr', data.sysDescr);
  mib.setScalarValue('sysName', data.sysName);
  for (const i of data.interfaces) {
    const [admin, oper] = [i.adminUp ? 1 : 2, i.operUp ? 1 : 2];
    const ifSpeed = Math.min(i.speed, 4294967295);
    mib.addTableRow('ifTable', [i.ifIndex, i.ifDescr, i.ifType, ifSpeed, macBytes(i.mac), admin, oper]);
    mib.addTableRow('ifXTable', [i.ifIndex, i.ifName, Math.round(i.speed / 1e6), i.ifAlias]);
  }
  for (const a of data.addresses) mib.addTableRow('ipAddrTable', [a.ip, a.ifIndex]);
  for (const a of data.ipAddresses ?? []) {
    const bytes = Buffer.from(ipaddr.parse(a.ip).toByteArray());
    mib.addTableRow('ipAddressTable', [bytes.length === 4 ? 1 : 2, bytes, a.ifIndex]);
  }
  (data.lldp ?? []).forEach((n, k) => {
    const [portSubtype, portId] = isMac(n.portId) ? [3, macBytes(n.portId)] : [5, n.portId];
    const index = [0, n.localPort, k + 1];
    const remote = [4, macBytes(n.chassisMac), portSubtype, portId, n.portDesc, n.sysName, n.sysDesc];
    mib.addTableRow('lldpRemTable', [...index, ...remote]);
    if (n.mgmtAddress) mib.addTableRow('lldpRemManAddrTable', [...index, 1, ipBytes(n.mgmtAddress), 2, n.localPort]);
  });
  for (const p of data.lldpLocalPorts ?? []) {
    const [subtype, id] = isMac(p.portId) ? [3, macBytes(p.portId)] : [5, p.portId];
    mib.addTableRow('lldpLocPortTable', [p.portNum, subtype, id]);
  }
  (data.cdp ?? []).forEach((n, k) => {
    const row = [n.ifIndex, k + 1, 1, ipBytes(n.address), n.deviceId, n.devicePort, n.platform];
    mib.addTableRow('cdpCacheTable', row);
  });
}

/** A UDP port free right now on the address (net-snmp's agent turns port 0 into 161 and cannot report it). */
function freePort(address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, address, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/** An SNMP agent (v1, v2c, v3) on a loopback address serving the system group, interface, address, LLDP and CDP tables. */
export async function startSnmpAgent(options: AgentOptions): Promise<RunningAgent> {
  if (!options.address.startsWith('127.')) throw new Error('the SNMP test agent binds to 127.0.0.0/8 only');
  const port = options.port || (await freePort(options.address));
  const sockets: Socket[] = [];
  // Hand net-snmp our own dgram so we can wait for the bind (and hear about EADDRINUSE).
  const dgramModule = { createSocket: (type: 'udp4') => sockets[sockets.push(createSocket(type)) - 1] };
  const agent = snmp.createAgent({ port, address: options.address, transport: 'udp4', dgramModule }, () => undefined);
  await new Promise<void>((resolve, reject) => {
    sockets[0].once('listening', resolve);
    sockets[0].once('error', reject);
  });
  const authorizer = agent.getAuthorizer();
  for (const community of options.communities ?? []) authorizer.addCommunity(community);
  for (const u of options.users ?? []) {
    authorizer.addUser({
      name: u.name,
      level: snmp.SecurityLevel[u.level],
      ...(u.authProtocol && { authProtocol: snmp.AuthProtocols[u.authProtocol], authKey: u.authKey }),
      ...(u.privProtocol && { privProtocol: snmp.PrivProtocols[u.privProtocol], privKey: u.privKey }),
    });
  }
  fill(agent.getMib(), options.data);
  return { port, close: () => new Promise<void>((resolve) => agent.close(() => resolve())) };
}
