import type { NetworkState } from './graph';
import { findPath, type PathAnswer } from './paths';
import { buildView } from './views';

type Interface = NetworkState['interfaces'][number];
const G = 1_000_000_000;

/**
 * A campus: two cores, two distribution switches each cabled to both cores, two access switches each with
 * redundant uplinks to both distribution switches, a PC under each access switch and a printer; an island
 * of two hosts, a host with no links and a host whose one cable loops back into itself.
 */
function campus(): NetworkState {
  const hosts: [string, string, string][] = [
    ['h-core-1', 'core-1', 'Router'],
    ['h-core-2', 'core-2', 'Router'],
    ['h-dist-a', 'dist-a', 'Switch'],
    ['h-dist-b', 'dist-b', 'Switch'],
    ['h-acc-1', 'access-1', 'Switch'],
    ['h-acc-2', 'access-2', 'Switch'],
    ['h-pc-1', 'pc-1', 'Workstation'],
    ['h-pc-2', 'pc-2', 'Workstation'],
    ['h-printer', 'printer', 'Printer'],
    ['h-lab-x', 'lab-x', 'Server'],
    ['h-lab-y', 'lab-y', 'Server'],
    ['h-lonely', 'lonely', 'Unknown'],
    ['h-loop', 'loopy', 'Switch'],
  ];
  const interfaces: Interface[] = [];
  const port = (host: string, name: string, speed = G): Interface => {
    const i: Interface = {
      id: `i-${host.slice(2)}-${name.replace(/\W/g, '')}`,
      host_id: host,
      if_name: name,
      if_index: interfaces.length + 1,
      speed_bps: speed,
      oper_status: 'Up',
      mac_address: '',
      neighbor: null,
    };
    interfaces.push(i);
    return i;
  };
  /** One end reports the other, as LLDP does on one side only. */
  const cable = (a: Interface, b: Interface, provenance = 'lldp') => {
    a.neighbor = { host_id: b.host_id, interface_id: b.id, provenance };
  };
  cable(port('h-core-1', 'xe-0/0/0', 10 * G), port('h-core-2', 'xe-0/0/0', 10 * G));
  for (const dist of ['h-dist-a', 'h-dist-b']) {
    cable(port(dist, 'te1', 10 * G), port('h-core-1', `xe-${dist}`, 10 * G));
    cable(port(dist, 'te2', 10 * G), port('h-core-2', `xe-${dist}`, 10 * G));
  }
  for (const access of ['h-acc-1', 'h-acc-2']) {
    cable(port(access, 'uplink-a', 10 * G), port('h-dist-a', `te-${access}`, 10 * G));
    cable(port(access, 'uplink-b', 10 * G), port('h-dist-b', `te-${access}`, 10 * G));
  }
  cable(port('h-pc-1', 'eth0'), port('h-acc-1', 'ge-1'));
  cable(port('h-acc-2', 'ge-1'), port('h-pc-2', 'eth0', 100_000_000), 'cdp');
  cable(port('h-printer', 'eth0'), port('h-acc-2', 'ge-2'), 'fdb');
  cable(port('h-lab-x', 'eth0'), port('h-lab-y', 'eth0'), 'manual');
  port('h-lonely', 'eth0');
  cable(port('h-loop', 'ge-1'), port('h-loop', 'ge-2'));
  return {
    hosts: hosts.map(([id, name, device_type]) => ({
      id,
      name,
      hostname: '',
      virtualization: null,
      source: { type: 'Discovery' },
      device_type,
      vendor: null,
      model: null,
      os: null,
      location: null,
    })),
    subnets: [],
    ip_addresses: [],
    interfaces,
    services: [],
    bindings: [],
    ports: [],
    dependencies: [],
  };
}

const graph = buildView('L2Physical', campus());
const hopsOf = (answer: PathAnswer) => (answer.found ? answer.hops.map((h) => h.label) : answer.reason);

describe('findPath', () => {
  it('walks the campus hop by hop: devices, ports in and out, each link’s speed and how it was learnt', () => {
    const answer = findPath(graph, 'h-pc-1', 'h-pc-2');
    expect(answer).toEqual({
      found: true,
      hops: [
        {
          host_id: 'h-pc-1',
          label: 'pc-1',
          device_type: 'Workstation',
          in: null,
          out: { interface_id: 'i-pc-1-eth0', name: 'eth0', speed_bps: G },
        },
        {
          host_id: 'h-acc-1',
          label: 'access-1',
          device_type: 'Switch',
          in: { interface_id: 'i-acc-1-ge1', name: 'ge-1' },
          out: { interface_id: 'i-acc-1-uplinka', name: 'uplink-a', speed_bps: 10 * G },
        },
        {
          host_id: 'h-dist-a',
          label: 'dist-a',
          device_type: 'Switch',
          in: { interface_id: 'i-dist-a-tehacc1', name: 'te-h-acc-1' },
          out: { interface_id: 'i-dist-a-tehacc2', name: 'te-h-acc-2', speed_bps: 10 * G },
        },
        {
          host_id: 'h-acc-2',
          label: 'access-2',
          device_type: 'Switch',
          in: { interface_id: 'i-acc-2-uplinka', name: 'uplink-a' },
          out: { interface_id: 'i-acc-2-ge1', name: 'ge-1', speed_bps: G },
        },
        {
          host_id: 'h-pc-2',
          label: 'pc-2',
          device_type: 'Workstation',
          in: { interface_id: 'i-pc-2-eth0', name: 'eth0' },
          out: null,
        },
      ],
      links: [
        { id: 'link:i-acc-1-ge1:i-pc-1-eth0', provenance: 'lldp', speed_bps: G },
        { id: 'link:i-acc-1-uplinka:i-dist-a-tehacc1', provenance: 'lldp', speed_bps: 10 * G },
        { id: 'link:i-acc-2-uplinka:i-dist-a-tehacc2', provenance: 'lldp', speed_bps: 10 * G },
        // A 1 Gb/s switch port and a 100 Mb/s NIC: the link runs at the slower; learnt by CDP.
        { id: 'link:i-acc-2-ge1:i-pc-2-eth0', provenance: 'cdp', speed_bps: 100_000_000 },
      ],
    });
  });

  it('among equally short paths takes the same one every time, whatever the order of the rows', () => {
    const first = findPath(graph, 'h-pc-1', 'h-core-2');
    expect(hopsOf(first)).toEqual(['pc-1', 'access-1', 'dist-a', 'core-2']);
    const state = campus();
    const shuffled = buildView('L2Physical', {
      ...state,
      hosts: [...state.hosts].reverse(),
      interfaces: [...state.interfaces.slice(13), ...state.interfaces.slice(0, 13)].reverse(),
    });
    expect(findPath(shuffled, 'h-pc-1', 'h-core-2')).toEqual(first);
    expect(findPath(graph, 'h-pc-1', 'h-core-2')).toEqual(first);
  });

  it('answers the same hops reversed when asked the other way round', () => {
    const there = findPath(graph, 'h-printer', 'h-pc-1');
    const back = findPath(graph, 'h-pc-1', 'h-printer');
    if (!there.found || !back.found) throw new Error('expected paths both ways');
    expect(there.hops.map((h) => h.host_id)).toEqual(back.hops.map((h) => h.host_id).reverse());
    expect(there.links.map((l) => l.id)).toEqual(back.links.map((l) => l.id).reverse());
    expect(there.hops[0]).toMatchObject({ label: 'printer', in: null, out: { name: 'eth0' } });
    expect(there.hops[1]).toMatchObject({ label: 'access-2', in: { name: 'ge-2' }, out: { name: 'uplink-a' } });
    expect(there.links[0]).toEqual({ id: 'link:i-acc-2-ge2:i-printer-eth0', provenance: 'fdb', speed_bps: G });
  });

  it('takes a direct link when there is one: two hops, one link', () => {
    expect(hopsOf(findPath(graph, 'h-core-1', 'h-core-2'))).toEqual(['core-1', 'core-2']);
    expect(findPath(graph, 'h-lab-x', 'h-lab-y')).toMatchObject({
      found: true,
      links: [{ provenance: 'manual', speed_bps: G }],
    });
  });

  it('says why there is no path: the same host', () => {
    expect(findPath(graph, 'h-pc-1', 'h-pc-1')).toEqual({
      found: false,
      reason: 'From and to are the same host (pc-1)',
    });
  });

  it('says why there is no path: an end with no links, or whose only link loops back into itself', () => {
    expect(findPath(graph, 'h-lonely', 'h-pc-1')).toEqual({ found: false, reason: 'lonely has no known links' });
    expect(findPath(graph, 'h-pc-1', 'h-lonely')).toEqual({ found: false, reason: 'lonely has no known links' });
    expect(findPath(graph, 'h-loop', 'h-core-1')).toEqual({
      found: false,
      reason: 'loopy has no known links to other hosts (its only link leads back to itself)',
    });
  });

  it('says why there is no path: different connected parts, with the size of each', () => {
    expect(findPath(graph, 'h-lab-x', 'h-pc-1')).toEqual({
      found: false,
      reason:
        "lab-x and pc-1 are in different connected parts of the map: lab-x's part has 2 hosts, pc-1's has 9 hosts",
    });
    expect(findPath(graph, 'h-pc-2', 'h-lab-y')).toEqual({
      found: false,
      reason:
        "pc-2 and lab-y are in different connected parts of the map: pc-2's part has 9 hosts, lab-y's has 2 hosts",
    });
  });

  it('refuses ids that are not hosts of the graph (the service answers 404 before)', () => {
    expect(() => findPath(graph, 'h-pc-1', 'i-pc-1-eth0')).toThrow('not a host');
    expect(() => findPath(graph, 'nope', 'h-pc-1')).toThrow('not a host');
  });
});
