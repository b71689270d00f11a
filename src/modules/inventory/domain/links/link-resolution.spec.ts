import { planIngest } from '../ingest-plan';
import type { IngestPlan, NetworkSnapshot, ObservedHost, ObservedInterface } from '../observation';

const SUBNET = { id: 'subnet-1', cidr: '10.0.0.0/24' };
const empty = (): NetworkSnapshot => ({
  subnets: [SUBNET],
  hosts: [],
  ip_addresses: [],
  ports: [],
  services: [],
  bindings: [],
  interfaces: [],
});
const sequentialIds = () => {
  let n = 0;
  return () => `id-${++n}`;
};

/** A switch that answered SNMP: its ports are complete. */
const switchWith = (ports: ObservedInterface[]): ObservedHost => ({
  name: 'sw1',
  ip_addresses: [{ ip_address: '10.0.0.1', mac_address: '02:00:00:00:00:01' }],
  interfaces: ports,
});
/** A host that answered no SNMP (interfaces absent): only TCP and a MAC. */
const station = (ip: string, mac: string): ObservedHost => ({ ip_addresses: [{ ip_address: ip, mac_address: mac }] });

const interfacesOf = (plan: IngestPlan, hostId: string) =>
  [...plan.children.interfaces.inserts, ...plan.children.interfaces.changes].filter((i) => i.host_id === hostId);
const messages = (plan: IngestPlan) => plan.diagnostics.map((d) => `${d.topic}: ${d.message}`);

describe('L2 link resolution in the ingest plan', () => {
  it('matches an LLDP neighbour by chassis MAC and makes its port on a host without SNMP, both ends linked', () => {
    const plan = planIngest(
      empty(),
      [
        switchWith([
          {
            if_index: 3,
            if_name: 'swp1',
            lldp_chassis_id: '02:00:00:00:01:01',
            lldp_port_id: 'eth0',
            lldp_sys_name: 'h1',
          },
        ]),
        station('10.0.0.11', '02:00:00:00:01:01'),
      ],
      sequentialIds(),
    );
    const [sw, h1] = plan.outcome.map((o) => o.id);
    const [swp1] = interfacesOf(plan, sw);
    const [eth0] = interfacesOf(plan, h1);
    expect(eth0).toMatchObject({
      if_name: 'eth0',
      if_index: 0,
      neighbor: { host_id: sw, interface_id: swp1.id, provenance: 'lldp' },
    });
    expect(swp1.neighbor).toEqual({ host_id: h1, interface_id: eth0.id, provenance: 'lldp' });
    // named after its neighbour's word for it, created in this batch by address only
    expect(plan.newHosts.find((h) => h.id === h1)!.name).toBe('h1');
    expect(messages(plan)).toEqual([
      'lldp: LLDP neighbour h1 on sw1 swp1 matched h1 by chassis MAC 02:00:00:00:01:01; far port: eth0 (made from the neighbour data: the host answers no SNMP)',
    ]);
  });

  it('matches by port MAC (the port is then named by its description) and by system name', () => {
    const plan = planIngest(
      { ...empty(), hosts: [{ id: 'known', name: 'printer.lab', hostname: '' }] },
      [
        switchWith([
          {
            if_index: 3,
            if_name: 'swp1',
            lldp_chassis_id: 'some-chassis',
            lldp_port_id: '02:00:00:00:01:01',
            lldp_port_desc: 'enp1s0',
          },
          { if_index: 4, if_name: 'swp2', lldp_sys_name: 'PRINTER', lldp_port_id: 'port 1' },
        ]),
        station('10.0.0.11', '02:00:00:00:01:01'),
      ],
      sequentialIds(),
    );
    const h1 = plan.outcome[1].id;
    expect(interfacesOf(plan, h1)).toMatchObject([{ if_name: 'enp1s0', mac_address: '02:00:00:00:01:01' }]);
    expect(interfacesOf(plan, 'known')).toMatchObject([{ if_name: 'port 1' }]);
    expect(messages(plan).map((m) => m.split(' matched ')[1].split(';')[0])).toEqual([
      '10.0.0.11 by port MAC 02:00:00:00:01:01',
      'printer.lab by system name PRINTER',
    ]);
  });

  it('a neighbour that matches nothing becomes a host, its management address its IP when inside a subnet', () => {
    const plan = planIngest(
      empty(),
      [
        switchWith([
          {
            if_index: 3,
            if_name: 'swp1',
            lldp_sys_name: 'ap-1',
            lldp_mgmt_addr: '10.0.0.50',
            lldp_port_id: 'wan',
            lldp_sys_desc: 'AP OS 7\nbuild 3',
          },
          { if_index: 4, if_name: 'swp2', lldp_sys_name: 'far-away', lldp_mgmt_addr: '192.0.2.9', lldp_port_id: 'ge0' },
        ]),
      ],
      sequentialIds(),
    );
    expect(plan.newHosts.slice(1)).toMatchObject([
      { name: 'ap-1', description: 'AP OS 7', source: { type: 'Discovery' } },
      { name: 'far-away', description: '' },
    ]);
    const [ap, far] = plan.newHosts.slice(1).map((h) => h.id);
    expect(plan.children.ip_addresses.inserts.filter((ip) => ip.host_id !== plan.outcome[0].id)).toMatchObject([
      { host_id: ap, ip_address: '10.0.0.50', subnet_id: SUBNET.id },
    ]);
    expect(plan.seenHosts).toEqual(expect.arrayContaining([ap, far]));
    expect(interfacesOf(plan, far)).toMatchObject([{ if_name: 'ge0' }]);
  });

  it('draws no link to a port an SNMP host does not report, and says so', () => {
    const plan = planIngest(
      empty(),
      [
        switchWith([
          { if_index: 3, if_name: 'swp1', lldp_mgmt_addr: '10.0.0.2', lldp_port_id: 'Gi0/9', lldp_sys_name: 'sw2' },
        ]),
        { name: 'sw2', ip_addresses: [{ ip_address: '10.0.0.2' }], interfaces: [{ if_index: 1, if_name: 'Gi0/1' }] },
      ],
      sequentialIds(),
    );
    expect(interfacesOf(plan, plan.outcome[0].id)[0].neighbor).toBeNull();
    expect(interfacesOf(plan, plan.outcome[1].id)).toHaveLength(1);
    expect(messages(plan)).toEqual([
      'lldp: LLDP neighbour sw2 on sw1 swp1 matched sw2 by management address 10.0.0.2, which reports no port Gi0/9: no link',
    ]);
  });

  it('links a MAC learnt on an edge port (fdb); ports facing another switch and busier ports lose', () => {
    const fdb = (...macs: string[]) => macs.map((mac_address) => ({ mac_address, via: 'fdb' as const }));
    const plan = planIngest(
      empty(),
      [
        switchWith([
          {
            if_index: 3,
            if_name: 'uplink',
            lldp_sys_name: 'core',
            neighbor_capabilities: ['Bridge'],
            learned: fdb('02:00:00:00:01:01'),
          },
          { if_index: 4, if_name: 'hub', learned: fdb('02:00:00:00:01:01', '02:00:00:00:01:02', '02:00:00:00:01:09') },
          { if_index: 5, if_name: 'edge', learned: fdb('02:00:00:00:01:01') },
        ]),
        station('10.0.0.11', '02:00:00:00:01:01'),
        station('10.0.0.12', '02:00:00:00:01:02'),
      ],
      sequentialIds(),
    );
    const [sw, h1, h2] = plan.outcome.map((o) => o.id);
    const port = (name: string) => interfacesOf(plan, sw).find((i) => i.if_name === name)!;
    expect(interfacesOf(plan, h1)).toMatchObject([
      { mac_address: '02:00:00:00:01:01', neighbor: { host_id: sw, interface_id: port('edge').id, provenance: 'fdb' } },
    ]);
    expect(interfacesOf(plan, h2)).toMatchObject([{ neighbor: { interface_id: port('hub').id, provenance: 'fdb' } }]);
    expect(port('edge').neighbor).toMatchObject({ host_id: h1 });
    expect(messages(plan)).toContain('fdb: MACs learnt on sw1 uplink not used: it leads to another switch');
  });

  it('places a host nothing else placed on the router interface whose ARP table holds it', () => {
    const plan = planIngest(
      empty(),
      [
        switchWith([
          {
            if_index: 2,
            if_name: 'vlan10',
            learned: [{ mac_address: '02:00:00:00:01:05', ip_address: '10.0.0.15', via: 'arp' }],
          },
        ]),
        station('10.0.0.15', ''),
      ],
      sequentialIds(),
    );
    const [sw, h] = plan.outcome.map((o) => o.id);
    const vlan10 = interfacesOf(plan, sw)[0];
    expect(interfacesOf(plan, h)).toMatchObject([
      { mac_address: '02:00:00:00:01:05', neighbor: { interface_id: vlan10.id, provenance: 'arp' } },
    ]);
    // a router interface has many ARP neighbours: it points at none of them
    expect(vlan10.neighbor).toBeNull();
  });

  it('forgets a made-up port link its switch no longer reports', () => {
    const snapshot: NetworkSnapshot = {
      ...empty(),
      hosts: [
        { id: 'sw', name: 'sw1', hostname: '' },
        { id: 'h1', name: 'h1', hostname: '' },
      ],
      ip_addresses: [
        { id: 'ip-sw', host_id: 'sw', ip_address: '10.0.0.1', mac_address: '02:00:00:00:00:01' },
        { id: 'ip-h1', host_id: 'h1', ip_address: '10.0.0.11', mac_address: '02:00:00:00:01:01' },
      ],
      interfaces: [
        {
          id: 'swp1',
          host_id: 'sw',
          if_index: 3,
          if_name: 'swp1',
          if_descr: '',
          if_alias: '',
          mac_address: '',
          neighbor: { host_id: 'h1', interface_id: 'eth0' },
        },
        {
          id: 'eth0',
          host_id: 'h1',
          if_index: 0,
          if_name: 'eth0',
          if_descr: '',
          if_alias: '',
          mac_address: '',
          neighbor: { host_id: 'sw', interface_id: 'swp1', provenance: 'lldp' },
        },
      ],
    };
    const plan = planIngest(snapshot, [switchWith([{ if_index: 3, if_name: 'swp1' }])], sequentialIds());
    expect(plan.children.interfaces.changes).toEqual([
      expect.objectContaining({ id: 'swp1', neighbor: null }),
      { id: 'eth0', neighbor: null },
    ]);
  });
});
