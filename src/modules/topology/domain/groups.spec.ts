import type { Graph, NetworkState } from './graph';
import { groupView } from './groups';
import { buildView } from './views';

type Host = NetworkState['hosts'][number];
const host = (id: string, virtualization: Host['virtualization'] = null): Host => ({
  id,
  name: id,
  hostname: `${id}.lan`,
  virtualization,
  source: { type: 'Manual' },
  device_type: 'Unknown',
  vendor: null,
  model: null,
  os: null,
  location: null,
});

/**
 * Two switches linked to each other; `per` servers on each (one port each, one service each, in subnet s1
 * or s2); two hosts without links in s2; a hypervisor with three VMs.
 */
function state(per: number): NetworkState {
  const s: NetworkState = {
    hosts: [],
    subnets: [
      { id: 's1', cidr: '10.0.1.0/24', name: 'one' },
      { id: 's2', cidr: '10.0.2.0/24', name: 'two' },
    ],
    ip_addresses: [],
    interfaces: [],
    services: [],
    bindings: [],
    ports: [],
    dependencies: [],
  };
  const iface = (id: string, hostId: string, neighbor?: [string, string]) =>
    s.interfaces.push({
      id,
      host_id: hostId,
      if_name: id,
      if_index: 1,
      speed_bps: 1e9,
      oper_status: 'Up',
      mac_address: '',
      neighbor: neighbor ? { host_id: neighbor[0], interface_id: neighbor[1], provenance: 'lldp' } : null,
    });
  const ip = (hostId: string, subnetId: string) =>
    s.ip_addresses.push({
      id: `ip-${hostId}`,
      host_id: hostId,
      subnet_id: subnetId,
      ip_address: '10.0.0.1',
      position: 0,
    });
  for (const sw of ['sw1', 'sw2']) s.hosts.push(host(sw));
  iface('sw1-up', 'sw1', ['sw2', 'sw2-up']);
  iface('sw2-up', 'sw2');
  for (const sw of ['sw1', 'sw2']) {
    for (let i = 0; i < per; i++) {
      const id = `${sw}-srv${i}`;
      s.hosts.push(host(id));
      iface(`${id}-eth0`, id, [sw, `${sw}-p${i}`]);
      iface(`${sw}-p${i}`, sw);
      ip(id, sw === 'sw1' ? 's1' : 's2');
      s.services.push({ id: `${id}-ssh`, host_id: id, name: 'ssh', service_definition: 'Ssh' });
    }
  }
  for (const id of ['lone1', 'lone2']) {
    s.hosts.push(host(id));
    ip(id, 's2');
  }
  s.hosts.push(host('hv'));
  for (const id of ['vm1', 'vm2', 'vm3']) s.hosts.push(host(id, { type: 'Vm', host_id: 'hv' }));
  return s;
}

const ids = (graph: Graph) => graph.nodes.map((n) => n.id);
const groups = (graph: Graph) =>
  graph.nodes.filter((n) => n.kind === 'group').map((n) => [n.id, n.label, n.parent ?? null, n.data.member_count]);
const grouped = (view: Parameters<typeof buildView>[0], s: NetworkState, expand: string[] = [], threshold = 10) =>
  groupView(view, buildView(view, s), s, new Set(expand), threshold);

describe('groupView (group=auto)', () => {
  it('changes nothing at or under the threshold', () => {
    const s = state(3);
    const plain = buildView('L2Physical', s);
    expect(groupView('L2Physical', plain, s, new Set(), plain.nodes.length)).toBe(plain);
  });

  it('L2Physical: hosts hanging off one switch join its group; unlinked hosts join their subnet; ports fold', () => {
    const s = state(4);
    const graph = grouped('L2Physical', s);
    expect(groups(graph)).toEqual([
      ['group:subnet:s2', '10.0.2.0/24 · 2 hosts', null, 2],
      ['group:subnet:none', 'No subnet · 4 hosts', null, 4],
      ['group:attached:sw1', 'sw1 · 4 hosts', null, 4],
      ['group:attached:sw2', 'sw2 · 4 hosts', null, 4],
    ]);
    // Switches and their uplink stay; the ports towards the servers fold into the switch.
    expect(ids(graph).filter((id) => !id.startsWith('group:'))).toEqual(['sw1', 'sw2', 'sw1-up', 'sw2-up']);
    expect(graph.edges.map((e) => [e.kind, e.source, e.target, e.data.count ?? null])).toEqual([
      ['link', 'sw1-up', 'sw2-up', null],
      ['aggregate', 'group:attached:sw1', 'sw1', 4],
      ['aggregate', 'group:attached:sw2', 'sw2', 4],
    ]);
  });

  it('L2Physical: expand opens one group; its members and their ports are drawn as usual', () => {
    const s = state(4);
    const graph = grouped('L2Physical', s, ['group:attached:sw1']);
    expect(groups(graph).map((g) => g[0])).toEqual(['group:subnet:s2', 'group:subnet:none', 'group:attached:sw2']);
    expect(ids(graph)).toEqual(expect.arrayContaining(['sw1-srv0', 'sw1-srv0-eth0', 'sw1-p0']));
    expect(graph.nodes.find((n) => n.id === 'sw1-srv0')!.data.expanded_group).toBe('group:attached:sw1');
    expect(graph.edges.filter((e) => e.kind === 'link')).toHaveLength(5);
  });

  it('L3Logical: the hosts of a subnet, inside the subnet, with one aggregate per further subnet', () => {
    const s = state(4);
    s.ip_addresses.push({ id: 'extra', host_id: 'sw1-srv0', subnet_id: 's2', ip_address: '10.0.2.99', position: 1 });
    s.ip_addresses.push({ id: 'extra2', host_id: 'sw1-srv1', subnet_id: 's2', ip_address: '10.0.2.98', position: 1 });
    const graph = grouped('L3Logical', s);
    expect(groups(graph)).toEqual([
      ['group:subnet:s1', '10.0.1.0/24 · 4 hosts', 's1', 4],
      ['group:subnet:s2', '10.0.2.0/24 · 6 hosts', 's2', 6],
      ['group:subnet:none', 'No subnet · 6 hosts', null, 6],
    ]);
    expect(graph.edges).toEqual([
      {
        id: 'aggregate:group:subnet:s1:s2',
        source: 'group:subnet:s1',
        target: 's2',
        kind: 'aggregate',
        data: { count: 2, kinds: ['address'] },
      },
    ]);
  });

  it('L3Logical: a router stays drawn beside the groups, a gateway between its subnets', () => {
    const s = state(4);
    s.hosts.push({ ...host('rtr'), device_type: 'Router' });
    s.ip_addresses.push({ id: 'rtr-1', host_id: 'rtr', subnet_id: 's1', ip_address: '10.0.1.1', position: 0 });
    s.ip_addresses.push({ id: 'rtr-2', host_id: 'rtr', subnet_id: 's2', ip_address: '10.0.2.1', position: 1 });
    const graph = grouped('L3Logical', s);
    expect(graph.nodes.find((n) => n.id === 'rtr')).toMatchObject({ parent: 's1', data: { gateway: true } });
    expect(groups(graph)[0]).toEqual(['group:subnet:s1', '10.0.1.0/24 · 4 hosts', 's1', 4]);
    expect(graph.edges.map((e) => [e.source, e.target])).toContainEqual(['rtr', 's2']);
  });

  it('Workloads: the guests of a hypervisor inside it; standalone hosts by subnet', () => {
    const graph = grouped('Workloads', state(4));
    expect(groups(graph)).toEqual([
      ['group:guests:hv', '3 guests', 'hv', 3],
      ['group:subnet:s1', '10.0.1.0/24 · 4 hosts', null, 4],
      ['group:subnet:s2', '10.0.2.0/24 · 6 hosts', null, 6],
      ['group:subnet:none', 'No subnet · 2 hosts', null, 2],
    ]);
    expect(ids(graph).filter((id) => !id.startsWith('group:'))).toEqual(['hv']);
  });

  it('Application: the services of a host; of a subnet when that is still too many', () => {
    const s = state(4);
    s.services.push({ id: 'sw1-srv0-web', host_id: 'sw1-srv0', name: 'web', service_definition: 'Nginx' });
    s.dependencies.push({
      id: 'd',
      name: 'path',
      color: 'Blue',
      edge_style: 'Straight',
      dependency_type: 'RequestPath',
      member_type: 'Services',
      member_ids: ['sw1-srv0-web', 'sw1-srv0-ssh', 'sw2-srv0-ssh'],
    });
    // 9 services, threshold 8: services of sw1-srv0 (two) make a group; the rest stay.
    const byHost = grouped('Application', s, [], 8);
    expect(groups(byHost)).toEqual([['group:services:sw1-srv0', 'sw1-srv0 · 2 services', null, 2]]);
    expect(byHost.edges.map((e) => [e.kind, e.source, e.target])).toEqual([
      ['aggregate', 'group:services:sw1-srv0', 'sw2-srv0-ssh'],
    ]);
    const bySubnet = grouped('Application', s, [], 3);
    expect(groups(bySubnet)).toEqual([
      ['group:subnet:s1', '10.0.1.0/24 · 5 services', null, 5],
      ['group:subnet:s2', '10.0.2.0/24 · 4 services', null, 4],
    ]);
  });
});
