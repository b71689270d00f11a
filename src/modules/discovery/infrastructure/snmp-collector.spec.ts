import { createSocket } from 'node:dgram';
import { type AgentData, type RunningAgent, startSnmpAgent } from '../../../../test/support/snmp-agent';
import type { SnmpCredential, SnmpFacts } from '../domain/snmp';
import { collectSnmp } from './snmp-collector';

const SWITCH: AgentData = {
  sysName: 'core-sw1',
  sysDescr: 'Cisco IOS Software, C3750E',
  interfaces: [
    // ifIndex 1..4; macs given upper-case, reported lower-case
    {
      ifIndex: 1,
      ifDescr: 'GigabitEthernet1/0/1',
      ifName: 'Gi1/0/1',
      ifAlias: 'uplink to dist',
      ifType: 6,
      speed: 1_000_000_000,
      adminUp: true,
      operUp: true,
      mac: '00:1A:2B:3C:4D:01',
    },
    {
      ifIndex: 2,
      ifDescr: 'TenGigabitEthernet1/1/1',
      ifName: 'Te1/1/1',
      ifAlias: '',
      ifType: 6,
      speed: 10_000_000_000,
      adminUp: true,
      operUp: false,
      mac: '00:1a:2b:3c:4d:02',
    },
    {
      ifIndex: 3,
      ifDescr: 'Loopback0',
      ifName: 'Lo0',
      ifAlias: 'router id',
      ifType: 24,
      speed: 0,
      adminUp: true,
      operUp: true,
      mac: '',
    },
    {
      ifIndex: 10,
      ifDescr: 'FastEthernet0',
      ifName: 'Fa0',
      ifAlias: 'mgmt',
      ifType: 6,
      speed: 100_000_000,
      adminUp: false,
      operUp: false,
      mac: '00:00:00:00:00:00',
    },
  ],
  addresses: [
    { ip: '192.0.2.1', ifIndex: 3 },
    { ip: '10.0.0.5', ifIndex: 1 },
    { ip: '10.0.0.1', ifIndex: 1 },
  ],
  lldp: [
    {
      localPort: 1,
      chassisMac: 'AA:BB:CC:00:00:01',
      portId: 'Ethernet48',
      portDesc: 'uplink to core',
      sysName: 'dist-sw2',
      sysDesc: 'Arista EOS 4.30',
      mgmtAddress: '10.0.0.2',
    },
    {
      localPort: 2,
      chassisMac: 'aa:bb:cc:00:00:02',
      portId: 'AA:BB:CC:00:00:99',
      portDesc: 'port 7',
      sysName: 'edge-rtr1',
      sysDesc: 'Cisco IOS XE',
    },
  ],
  cdp: [
    {
      ifIndex: 2,
      address: '10.0.0.3',
      deviceId: 'edge-rtr1.example.net',
      devicePort: 'TenGigabitEthernet0/0/0',
      platform: 'cisco ISR4451-X/K9',
    },
  ],
};

const GI1 = {
  if_index: 1,
  if_name: 'Gi1/0/1',
  if_descr: 'GigabitEthernet1/0/1',
  if_alias: 'uplink to dist',
  if_type: 6,
  speed_bps: 1_000_000_000,
  admin_status: 'Up',
  oper_status: 'Up',
  mac_address: '00:1a:2b:3c:4d:01',
  ip_address: '10.0.0.1',
};
const TE1 = {
  if_index: 2,
  if_name: 'Te1/1/1',
  if_descr: 'TenGigabitEthernet1/1/1',
  if_alias: '',
  if_type: 6,
  speed_bps: 10_000_000_000,
  admin_status: 'Up',
  oper_status: 'Down',
  mac_address: '00:1a:2b:3c:4d:02',
};
const LO0 = {
  if_index: 3,
  if_name: 'Lo0',
  if_descr: 'Loopback0',
  if_alias: 'router id',
  if_type: 24,
  speed_bps: 0,
  admin_status: 'Up',
  oper_status: 'Up',
  ip_address: '192.0.2.1',
};
const FA0 = {
  if_index: 10,
  if_name: 'Fa0',
  if_descr: 'FastEthernet0',
  if_alias: 'mgmt',
  if_type: 6,
  speed_bps: 100_000_000,
  admin_status: 'Down',
  oper_status: 'Down',
};
const GI1_LLDP = {
  lldp_chassis_id: 'aa:bb:cc:00:00:01',
  lldp_port_id: 'Ethernet48',
  lldp_port_desc: 'uplink to core',
  lldp_sys_name: 'dist-sw2',
  lldp_sys_desc: 'Arista EOS 4.30',
  lldp_mgmt_addr: '10.0.0.2',
};
const TE1_LLDP = {
  lldp_chassis_id: 'aa:bb:cc:00:00:02',
  lldp_port_id: 'aa:bb:cc:00:00:99',
  lldp_port_desc: 'port 7',
  lldp_sys_name: 'edge-rtr1',
  lldp_sys_desc: 'Cisco IOS XE',
};
const TE1_CDP = {
  cdp_address: '10.0.0.3',
  cdp_device_id: 'edge-rtr1.example.net',
  cdp_port_id: 'TenGigabitEthernet0/0/0',
  cdp_platform: 'cisco ISR4451-X/K9',
};
const ADDRESSES = [
  { ip_address: '10.0.0.1', if_index: 1 },
  { ip_address: '10.0.0.5', if_index: 1 },
  { ip_address: '192.0.2.1', if_index: 3 },
];
const SWITCH_FACTS: SnmpFacts = {
  sys_name: 'core-sw1',
  sys_descr: 'Cisco IOS Software, C3750E',
  interfaces: [{ ...GI1, ...GI1_LLDP }, { ...TE1, ...TE1_LLDP, ...TE1_CDP }, LO0, FA0],
  addresses: ADDRESSES,
  arp: [],
};

const v3 = (user: string, extra: Partial<Extract<SnmpCredential, { version: 'v3' }>>): SnmpCredential => ({
  version: 'v3',
  user,
  level: 'noAuthNoPriv',
  authProtocol: null,
  authKey: null,
  privProtocol: null,
  privKey: null,
  context: null,
  ...extra,
});
const ADMIN_PRIV = v3('admin', {
  level: 'authPriv',
  authProtocol: 'Sha256',
  authKey: 'auth-secret-1',
  privProtocol: 'Aes128',
  privKey: 'priv-secret-1',
});
const MONITOR_AUTH = v3('monitor', { level: 'authNoPriv', authProtocol: 'Md5', authKey: 'md5-secret-1' });
const CISCO_AES256 = v3('cisco', {
  level: 'authPriv',
  authProtocol: 'Sha1',
  authKey: 'auth-secret-2',
  privProtocol: 'Aes256',
  privKey: 'priv-secret-2',
});

describe('collectSnmp', () => {
  const fast = { timeoutMs: 300, retries: 0 };
  let sw: RunningAgent;
  let bare: RunningAgent;

  beforeAll(async () => {
    sw = await startSnmpAgent({
      address: '127.0.0.2',
      port: 0,
      communities: ['public'],
      users: [
        {
          name: 'admin',
          level: 'authPriv',
          authProtocol: 'sha256',
          authKey: 'auth-secret-1',
          privProtocol: 'aes',
          privKey: 'priv-secret-1',
        },
        { name: 'monitor', level: 'authNoPriv', authProtocol: 'md5', authKey: 'md5-secret-1' },
        {
          name: 'cisco',
          level: 'authPriv',
          authProtocol: 'sha',
          authKey: 'auth-secret-2',
          privProtocol: 'aes256r',
          privKey: 'priv-secret-2',
        },
      ],
      data: SWITCH,
    });
    bare = await startSnmpAgent({
      address: '127.0.0.3',
      communities: ['lab'],
      data: { ...SWITCH, sysName: 'access-sw9', lldp: undefined, cdp: undefined },
    });
  });
  afterAll(async () => {
    await sw?.close();
    await bare?.close();
  });

  it('reads everything over SNMPv1 (GETNEXT walks)', async () => {
    const facts = await collectSnmp('127.0.0.2', [{ version: 'v1', community: 'public' }], { port: sw.port, ...fast });
    expect(facts).toEqual(SWITCH_FACTS);
  });

  it('reads everything over SNMPv2c (GETBULK walks)', async () => {
    const facts = await collectSnmp('127.0.0.2', [{ version: 'v2c', community: 'public' }], { port: sw.port, ...fast });
    expect(facts).toEqual(SWITCH_FACTS);
  });

  it('reads everything over SNMPv3 authPriv (SHA-256, AES-128)', async () => {
    expect(await collectSnmp('127.0.0.2', [ADMIN_PRIV], { port: sw.port, ...fast })).toEqual(SWITCH_FACTS);
  });

  it('reads everything over SNMPv3 authNoPriv (MD5)', async () => {
    expect(await collectSnmp('127.0.0.2', [MONITOR_AUTH], { port: sw.port, ...fast })).toEqual(SWITCH_FACTS);
  });

  it('falls back to Reeder key localization for AES-256', async () => {
    expect(await collectSnmp('127.0.0.2', [CISCO_AES256], { port: sw.port, ...fast })).toEqual(SWITCH_FACTS);
  });

  it('answers undefined, quickly, for a wrong community', async () => {
    const started = Date.now();
    const facts = await collectSnmp('127.0.0.2', [{ version: 'v2c', community: 'private' }], {
      port: sw.port,
      timeoutMs: 200,
      retries: 0,
    });
    expect(facts).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('answers undefined for wrong v3 keys and for AES-192, which net-snmp cannot speak', async () => {
    const wrongKey = { ...ADMIN_PRIV, privKey: 'not-the-key' };
    const aes192 = { ...ADMIN_PRIV, privProtocol: 'Aes192' as const };
    expect(await collectSnmp('127.0.0.2', [wrongKey, aes192], { port: sw.port, ...fast })).toBeUndefined();
  });

  it('answers undefined when nothing listens', async () => {
    expect(await collectSnmp('127.0.0.4', [{ version: 'v1', community: 'public' }], { port: sw.port, ...fast })).toBe(
      undefined,
    );
  });

  it('costs one probe datagram per credential where no agent answers, whatever the retries', async () => {
    const silent = createSocket('udp4');
    let datagrams = 0;
    silent.on('message', () => datagrams++);
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.9', resolve));
    try {
      const credentials: SnmpCredential[] = [
        { version: 'v1', community: 'public' },
        { version: 'v2c', community: 'private' },
        MONITOR_AUTH,
      ];
      const facts = await collectSnmp('127.0.0.9', credentials, {
        port: silent.address().port,
        timeoutMs: 1_000,
        retries: 2,
        probeTimeoutMs: 100,
      });
      expect(facts).toBeUndefined();
      // v3's probe is its engine discovery request: nothing answers it, so no GET follows.
      expect(datagrams).toBe(3);
    } finally {
      silent.close();
    }
  });

  it('uses the first credential that answers', async () => {
    const credentials: SnmpCredential[] = [
      { version: 'v2c', community: 'private' },
      v3('nobody', {}),
      { version: 'v1', community: 'public' },
      { version: 'v2c', community: 'also-wrong' },
    ];
    expect(await collectSnmp('127.0.0.2', credentials, { port: sw.port, ...fast })).toEqual(SWITCH_FACTS);
  });

  it('leaves LLDP and CDP fields out when the agent has no such tables', async () => {
    const facts = await collectSnmp('127.0.0.3', [{ version: 'v2c', community: 'lab' }], { port: bare.port, ...fast });
    expect(facts).toEqual({ ...SWITCH_FACTS, sys_name: 'access-sw9', interfaces: [GI1, TE1, LO0, FA0] });
  });

  it('survives empty LLDP and CDP tables (net-snmp answers noSuchInstance inside them)', async () => {
    const empty = await startSnmpAgent({
      address: '127.0.0.5',
      communities: ['lab'],
      data: { ...SWITCH, lldp: [], cdp: [] },
    });
    try {
      for (const version of ['v1', 'v2c'] as const) {
        const facts = await collectSnmp('127.0.0.5', [{ version, community: 'lab' }], { port: empty.port, ...fast });
        expect(facts).toEqual({ ...SWITCH_FACTS, interfaces: [GI1, TE1, LO0, FA0] });
      }
    } finally {
      await empty.close();
    }
  });

  it('puts an LLDP neighbor on the interface whose ifIndex is its local port, MAC ids as MACs', async () => {
    const facts = await collectSnmp('127.0.0.2', [{ version: 'v2c', community: 'public' }], { port: sw.port, ...fast });
    expect(facts?.interfaces[0]).toEqual({ ...GI1, ...GI1_LLDP });
    expect(facts?.interfaces[1]).toEqual({ ...TE1, ...TE1_LLDP, ...TE1_CDP });
  });

  it('maps LLDP local port numbers to interfaces through lldpLocPortTable (by name or MAC)', async () => {
    // Local ports 101 and 102 are Te1/1/1 (by ifName) and Gi1/0/1 (by its MAC); neither equals an ifIndex.
    const renumbered = await startSnmpAgent({
      address: '127.0.0.7',
      communities: ['lab'],
      data: {
        ...SWITCH,
        lldp: [
          { ...SWITCH.lldp![0], localPort: 102 },
          { ...SWITCH.lldp![1], localPort: 101 },
        ],
        cdp: [],
        lldpLocalPorts: [
          { portNum: 101, portId: 'Te1/1/1' },
          { portNum: 102, portId: '00:1a:2b:3c:4d:01' },
        ],
      },
    });
    try {
      const facts = await collectSnmp('127.0.0.7', [{ version: 'v2c', community: 'lab' }], {
        port: renumbered.port,
        ...fast,
      });
      expect(facts?.interfaces).toEqual([{ ...GI1, ...GI1_LLDP }, { ...TE1, ...TE1_LLDP }, LO0, FA0]);
    } finally {
      await renumbered.close();
    }
  });

  it('reads IPv6 (and IPv4) addresses from IP-MIB ipAddressTable, each address once', async () => {
    const dual = await startSnmpAgent({
      address: '127.0.0.8',
      communities: ['lab'],
      data: {
        ...SWITCH,
        ipAddresses: [
          { ip: '10.0.0.1', ifIndex: 1 },
          { ip: '2001:db8::1', ifIndex: 1 },
          { ip: 'fe80::21a:2bff:fe3c:4d02', ifIndex: 2 },
        ],
      },
    });
    try {
      const facts = await collectSnmp('127.0.0.8', [{ version: 'v2c', community: 'lab' }], {
        port: dual.port,
        ...fast,
      });
      expect(facts?.addresses).toEqual([
        ...ADDRESSES,
        { ip_address: '2001:db8::1', if_index: 1 },
        { ip_address: 'fe80::21a:2bff:fe3c:4d02', if_index: 2 },
      ]);
    } finally {
      await dual.close();
    }
  });

  it('puts a CDP neighbor on its ifIndex with the IPv4 address from its octets', async () => {
    const facts = await collectSnmp('127.0.0.2', [{ version: 'v2c', community: 'public' }], { port: sw.port, ...fast });
    expect(facts?.interfaces.filter((i) => i.cdp_device_id)).toEqual([{ ...TE1, ...TE1_LLDP, ...TE1_CDP }]);
  });

  it('takes a 10 Gb/s speed from ifHighSpeed, ifSpeed being capped at 2^32-1', async () => {
    const facts = await collectSnmp('127.0.0.3', [{ version: 'v1', community: 'lab' }], { port: bare.port, ...fast });
    expect(facts?.interfaces.map((i) => [i.if_index, i.speed_bps])).toEqual([
      [1, 1_000_000_000],
      [2, 10_000_000_000],
      [3, 0],
      [10, 100_000_000],
    ]);
  });
});
