import type { NetworkState } from './graph';
import { groupView } from './groups';
import { tiersOf } from './tiers';
import { buildView } from './views';

const host = (id: string, device_type = 'Unknown'): NetworkState['hosts'][number] => ({
  id,
  name: id,
  hostname: '',
  virtualization: null,
  source: { type: 'Discovery' },
  device_type,
  vendor: null,
  model: null,
  os: null,
  location: null,
});

/** A campus as observations leave it: hosts, and for each link an interface on each end naming the other. */
function campus(buildings: number, accessPerBuilding: number, usersPerAccess: number): NetworkState {
  const s: NetworkState = {
    hosts: [],
    subnets: [],
    ip_addresses: [],
    interfaces: [],
    services: [],
    bindings: [],
    ports: [],
    dependencies: [],
  };
  let port = 0;
  const link = (a: string, b: string) => {
    const [pa, pb] = [`${a}:p${++port}`, `${b}:p${++port}`];
    const iface = (id: string, hostId: string, far: string, farHost: string) =>
      s.interfaces.push({
        id,
        host_id: hostId,
        if_name: id,
        if_index: port,
        speed_bps: 1e9,
        oper_status: 'Up',
        mac_address: '',
        neighbor: { host_id: farHost, interface_id: far, provenance: 'lldp' },
      });
    iface(pa, a, pb, b);
    iface(pb, b, pa, a);
  };
  s.hosts.push(host('rtr', 'Router'), host('fw', 'Firewall'), host('core-1', 'Switch'), host('core-2', 'Switch'));
  link('rtr', 'fw');
  link('fw', 'core-1');
  link('fw', 'core-2');
  link('core-1', 'core-2');
  for (let b = 1; b <= buildings; b++) {
    for (const d of [1, 2]) {
      s.hosts.push(host(`b${b}-dist-${d}`, 'Switch'));
      link('core-1', `b${b}-dist-${d}`);
      link('core-2', `b${b}-dist-${d}`);
    }
    for (let a = 1; a <= accessPerBuilding; a++) {
      const sw = `b${b}-acc-${a}`;
      s.hosts.push(host(sw)); // untyped: a switch by its links
      link(`b${b}-dist-1`, sw);
      link(`b${b}-dist-2`, sw);
      for (let u = 1; u <= usersPerAccess; u++) {
        s.hosts.push(host(`${sw}-pc${u}`, 'Workstation'));
        link(sw, `${sw}-pc${u}`);
      }
    }
  }
  s.hosts.push(host('lost'));
  return s;
}

const tiers = (s: NetworkState) => {
  const hostOf = new Map(s.interfaces.map((i) => [i.id, i.host_id]));
  const links = new Map<string, Set<string>>();
  for (const i of s.interfaces) {
    const set = links.get(i.host_id) ?? new Set<string>();
    set.add(hostOf.get(i.neighbor!.interface_id)!);
    links.set(i.host_id, set);
  }
  return tiersOf({ hosts: s.hosts, links });
};

describe('tiers of an L2 network', () => {
  it('finds edge, core, distribution, access and endpoints; uplinks name the first switch above', () => {
    const { tier, infrastructure, uplink } = tiers(campus(2, 3, 2));
    expect(['rtr', 'fw', 'core-1', 'b1-dist-2', 'b2-acc-3', 'b2-acc-3-pc1', 'lost'].map((id) => tier.get(id))).toEqual([
      0, 0, 1, 2, 3, 4, -1,
    ]);
    expect(infrastructure.has('b1-acc-1')).toBe(true);
    expect(infrastructure.has('b1-acc-1-pc1')).toBe(false);
    expect(uplink.get('b1-acc-2')).toBe('b1-dist-1');
    expect(uplink.get('b2-dist-1')).toBe('core-1');
  });

  it('puts a fabric’s spines on top when no router shows the way in, else the switches the routers plug into', () => {
    const hosts = [host('spine-1'), host('spine-2')];
    const links = new Map<string, Set<string>>();
    const link = (a: string, b: string) => {
      links.set(a, (links.get(a) ?? new Set<string>()).add(b));
      links.set(b, (links.get(b) ?? new Set<string>()).add(a));
    };
    for (let l = 1; l <= 6; l++) {
      hosts.push(host(`leaf-${l}`));
      link('spine-1', `leaf-${l}`);
      link('spine-2', `leaf-${l}`);
      for (let s = 1; s <= 2; s++) {
        hosts.push(host(`srv-${l}-${s}`, 'Server'));
        link(`leaf-${l}`, `srv-${l}-${s}`);
      }
    }
    // untyped switches are told apart by how many hosts they link
    const fabric = tiersOf({ hosts, links }).tier;
    expect(['spine-1', 'leaf-4', 'srv-4-1'].map((id) => fabric.get(id))).toEqual([1, 2, 3]);
    hosts.push(host('border-rtr', 'Router'));
    link('border-rtr', 'leaf-1');
    const bordered = tiersOf({ hosts, links }).tier;
    expect(['border-rtr', 'leaf-1', 'spine-2', 'leaf-4'].map((id) => bordered.get(id))).toEqual([0, 1, 2, 3]);
  });

  it('is the same whatever order the hosts come in', () => {
    const s = campus(2, 3, 2);
    const reversed = { ...s, hosts: [...s.hosts].reverse(), interfaces: [...s.interfaces].reverse() };
    expect([...tiers(reversed).tier].sort()).toEqual([...tiers(s).tier].sort());
  });

  it('carries tiers on the L2 view and collapses a big campus in two levels: endpoints, then floors under their distribution', () => {
    const s = campus(6, 10, 12); // 6 buildings of 10 access switches with 12 workstations: 787 hosts
    const view = buildView('L2Physical', s);
    const core = view.nodes.find((n) => n.id === 'core-1')!;
    expect(core.data).toMatchObject({ tier: 1, infrastructure: true, device_type: 'Switch' });

    const first = groupView('L2Physical', view, s, new Set());
    const hosts = first.nodes.filter((n) => n.kind === 'host').map((n) => n.id);
    expect(hosts.sort()).toEqual(
      [
        'core-1',
        'core-2',
        'fw',
        'lost',
        'rtr',
        ...[1, 2, 3, 4, 5, 6].flatMap((b) => [`b${b}-dist-1`, `b${b}-dist-2`]),
      ].sort(),
    );
    const building = first.nodes.find((n) => n.id === 'group:access:b3-dist-1')!;
    expect(building).toMatchObject({ kind: 'group', label: 'b3-dist-1 · 130 hosts' });
    expect(building.data).toMatchObject({ group_kind: 'access', member_count: 130, tier: 3 });
    expect(first.nodes.length).toBeLessThanOrEqual(300);

    // opening a building draws its access switches, each with its workstations still in one group
    const opened = groupView('L2Physical', view, s, new Set(['group:access:b3-dist-1']));
    const acc = opened.nodes.find((n) => n.id === 'b3-acc-7')!;
    expect(acc.data.expanded_group).toBe('group:access:b3-dist-1');
    expect(opened.nodes.find((n) => n.id === 'group:attached:b3-acc-7')).toMatchObject({
      label: 'b3-acc-7 · 12 hosts',
      data: { tier: 4 },
    });
    expect(opened.nodes.some((n) => n.id === 'group:access:b2-dist-1')).toBe(true);
  });
});

describe('opening a group of a big view', () => {
  it('draws its members at the level the closed view had, even when that takes the view over the threshold', () => {
    // 2 buildings of 20 access switches with 6 workstations: level 1 (a group per switch) is under 300 nodes
    const s = campus(2, 20, 6);
    const view = buildView('L2Physical', s);
    // a threshold the closed view just fits under at level 1, and that opening a group goes past
    const threshold = groupView('L2Physical', view, s, new Set()).nodes.length;
    const first = groupView('L2Physical', view, s, new Set(), threshold);
    expect(first.nodes.some((n) => n.id === 'group:attached:b1-acc-1')).toBe(true);
    const opened = groupView('L2Physical', view, s, new Set(['group:attached:b1-acc-1']), threshold);
    expect(opened.nodes.length).toBeGreaterThan(threshold);
    const ids = opened.nodes.map((n) => n.id);
    expect(ids).toContain('b1-acc-1-pc1');
    expect(ids).toContain('b1-acc-1');
    expect(ids.some((id) => id.startsWith('group:access:'))).toBe(false);
  });
});
