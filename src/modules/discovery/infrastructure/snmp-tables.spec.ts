import { macBytes, octets, rows } from '../../../../test/support/snmp-rows';
import { type TableName, TABLES, toFacts } from './snmp-tables';

const empty = () => Object.fromEntries(Object.keys(TABLES).map((name) => [name, rows({})])) as Record<TableName, never>;

/**
 * lab-sw as Debian's snmpd and lldpd 1.0.16 serve it (test/support/lab): a Linux bridge br0 (ifIndex 2) with
 * members swp1 (3, whose MAC br0 and the chassis id carry) and swp2 (4); LLDP port ids are MACs, descriptions
 * names, local port numbers ifIndexes; remote timemarks are not 0.
 */
const linuxBridge = () => ({
  ...empty(),
  if: rows({
    2: { 2: octets('br0'), 3: 6, 6: macBytes('02:4e:4c:00:00:01') },
    3: { 2: octets('swp1'), 3: 6, 6: macBytes('02:4e:4c:00:00:01') },
    4: { 2: octets('swp2'), 3: 6, 6: macBytes('02:4e:4c:00:00:02') },
  }),
  lldpLocPort: rows({
    3: { 2: 3, 3: macBytes('02:4e:4c:00:00:01'), 4: octets('swp1') },
    4: { 2: 3, 3: macBytes('02:4e:4c:00:00:02'), 4: octets('swp2') },
  }),
  lldpRem: rows({
    '100.3.1': {
      4: 4,
      5: macBytes('02:4e:4c:00:01:01'),
      6: 3,
      7: macBytes('02:4e:4c:00:01:01'),
      8: octets('eth0'),
      9: octets('lab-h1'),
      10: octets('Debian GNU/Linux 12 (bookworm) Linux 6.1.0'),
      12: Buffer.from([0x01]),
    },
  }),
  lldpRemManAddr: rows({ '100.3.1.1.4.10.203.81.11': { 3: 2 } }),
  ipNetToPhysical: rows({ '2.1.4.10.203.81.13': { 4: macBytes('02:4e:4c:00:01:03'), 6: 3 } }),
  dot1dBasePort: rows({ 1: { 2: 3 }, 2: { 2: 4 } }),
  dot1dTpFdb: rows({ '2.78.76.0.1.3': { 2: 2, 3: 3 }, '2.78.76.0.0.1': { 2: 1, 3: 4 } }),
});

describe('toFacts', () => {
  it("puts an LLDP neighbour on the physical port whose MAC the bridge shares, with the far end's capabilities", () => {
    const facts = toFacts('lab-sw', 'Linux', linuxBridge());
    const [br0, swp1, swp2] = facts.interfaces;
    expect(br0).not.toHaveProperty('lldp_sys_name');
    expect(swp1).toMatchObject({
      if_descr: 'swp1',
      lldp_chassis_id: '02:4e:4c:00:01:01',
      lldp_port_id: '02:4e:4c:00:01:01',
      lldp_port_desc: 'eth0',
      lldp_sys_name: 'lab-h1',
      lldp_mgmt_addr: '10.203.81.11',
      neighbor_capabilities: ['Station'],
    });
    expect(swp2).not.toHaveProperty('lldp_sys_name');
  });

  it('lists the MACs each port learnt (FDB) and the ARP entries of each interface', () => {
    const facts = toFacts('lab-sw', 'Linux', linuxBridge());
    expect(facts.interfaces.map((i) => [i.if_descr, i.learned])).toEqual([
      ['br0', [{ mac_address: '02:4e:4c:00:01:03', ip_address: '10.203.81.13', via: 'arp' }]],
      ['swp1', undefined],
      ['swp2', [{ mac_address: '02:4e:4c:00:01:03', via: 'fdb' }]],
    ]);
    expect(facts.arp).toEqual([{ if_index: 2, ip_address: '10.203.81.13', mac_address: '02:4e:4c:00:01:03' }]);
  });

  it('puts a CDP neighbour on the ifIndex of its cache entry, with its capabilities', () => {
    const tables = {
      ...empty(),
      if: rows({ 1: { 2: octets('Gi0/1') }, 2: { 2: octets('Gi0/2') } }),
      cdpCache: rows({
        '2.7': {
          4: Buffer.from([10, 0, 0, 3]),
          6: octets('edge-rtr1'),
          7: octets('Gi0/0/0'),
          8: octets('cisco ISR4451'),
          9: Buffer.from([0, 0, 0, 1]),
        },
      }),
    };
    const [gi1, gi2] = toFacts('sw', 'IOS', tables).interfaces;
    expect(gi1).not.toHaveProperty('cdp_device_id');
    expect(gi2).toMatchObject({
      cdp_address: '10.0.0.3',
      cdp_device_id: 'edge-rtr1',
      cdp_port_id: 'Gi0/0/0',
      neighbor_capabilities: ['Router'],
    });
  });
});
