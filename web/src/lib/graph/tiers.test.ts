import { describe, expect, it } from 'vitest';
import { buildDrawnGraph } from './model';
import { tieredPositions, tiersOf } from './tiers';
import type { TopologyEdge, TopologyGraph, TopologyNode } from './types';

const host = (id: string, device_type?: string): TopologyNode => ({
  id,
  kind: 'host',
  label: id,
  data: device_type ? { device_type } : {},
});
const group = (id: string): TopologyNode => ({ id, kind: 'group', label: `${id} · 40 hosts`, data: {} });
const link = (a: string, b: string): TopologyEdge => ({
  id: `${a}~${b}`,
  source: a,
  target: b,
  kind: 'link',
  data: {},
});

/** A campus: router and firewall, a core pair, per building a distribution pair, access switches uplinked to both. */
function campus(buildings = 2, accessPerBuilding = 3): TopologyGraph {
  const nodes = [
    host('rtr-edge', 'Router'),
    host('fw-1', 'Firewall'),
    host('core-1', 'Switch'),
    host('core-2', 'Switch'),
  ];
  const edges = [link('rtr-edge', 'fw-1'), link('fw-1', 'core-1'), link('fw-1', 'core-2'), link('core-1', 'core-2')];
  for (let b = 1; b <= buildings; b++) {
    const dists = [`b${b}-dist-1`, `b${b}-dist-2`];
    for (const d of dists) {
      nodes.push(host(d, 'Switch'));
      edges.push(link('core-1', d), link('core-2', d));
    }
    for (let a = 1; a <= accessPerBuilding; a++) {
      const sw = `b${b}-acc-${a}`;
      nodes.push(host(sw, 'Switch'), group(`${sw}-users`), host(`${sw}-ap`, 'AccessPoint'));
      edges.push(link(dists[0], sw), link(dists[1], sw), link(sw, `${sw}-users`), link(sw, `${sw}-ap`));
    }
  }
  nodes.push(host('printer-lost'));
  return { nodes, edges };
}

const drawnOf = (graph: TopologyGraph) => buildDrawnGraph(graph, 'L2Physical');

describe('tiered L2 layout', () => {
  it('finds the tiers of a campus: edge, core, distribution, access, endpoints; unlinked hosts apart', () => {
    const tiers = tiersOf(drawnOf(campus()));
    expect([tiers.get('rtr-edge'), tiers.get('fw-1')]).toEqual([0, 0]);
    expect([tiers.get('core-1'), tiers.get('core-2')]).toEqual([1, 1]);
    expect([tiers.get('b1-dist-1'), tiers.get('b2-dist-2')]).toEqual([2, 2]);
    expect([tiers.get('b1-acc-1'), tiers.get('b2-acc-3')]).toEqual([3, 3]);
    expect([tiers.get('b1-acc-1-users'), tiers.get('b1-acc-1-ap')]).toEqual([4, 4]);
    expect(tiers.get('printer-lost')).toBe(-1);
  });

  it('puts the spines of a spine-leaf fabric above its leaves, whatever the border routers link to', () => {
    const nodes = [host('border-rtr', 'Router'), ...['spine-1', 'spine-2'].map((s) => host(s))];
    const edges: TopologyEdge[] = [];
    for (let l = 1; l <= 6; l++) {
      nodes.push(host(`leaf-${l}`));
      edges.push(link('spine-1', `leaf-${l}`), link('spine-2', `leaf-${l}`));
      for (let s = 1; s <= 2; s++) {
        nodes.push(host(`srv-${l}-${s}`, 'Server'));
        edges.push(link(`leaf-${l}`, `srv-${l}-${s}`));
      }
    }
    edges.push(link('border-rtr', 'leaf-1'));
    // spines and leaves without a type: told apart by how many hosts they link
    const tiers = tiersOf(drawnOf({ nodes, edges }));
    expect(tiers.get('border-rtr')).toBe(0);
    expect([tiers.get('spine-1'), tiers.get('spine-2')]).toEqual([1, 1]);
    expect(tiers.get('leaf-4')).toBe(2);
    expect(tiers.get('srv-4-1')).toBe(3);
  });

  it('draws top-down with no two nodes on one place, each endpoint under its switch', () => {
    const drawn = drawnOf(campus(3, 5));
    const p = tieredPositions(drawn);
    const tiers = tiersOf(drawn);
    const places = new Set(Object.values(p).map(({ x, y }) => `${Math.round(x)},${Math.round(y)}`));
    expect(places.size).toBe(drawn.nodes.length);
    for (const [id, t] of tiers) if (t >= 1) expect(p[id].y).toBeGreaterThan(p['rtr-edge'].y);
    expect(p['core-1'].y).toBeLessThan(p['b1-dist-1'].y);
    expect(p['b1-dist-1'].y).toBeLessThan(p['b1-acc-1'].y);
    // an access switch's endpoints sit below it, nearer to it than to any other access switch
    const access = drawn.nodes.filter((n) => /acc-\d$/.test(n.id)).map((n) => n.id);
    for (const sw of access) {
      const users = p[`${sw}-users`];
      expect(users.y).toBeGreaterThan(p[sw].y);
      const nearest = access.reduce((a, b) => (Math.abs(p[a].x - users.x) <= Math.abs(p[b].x - users.x) ? a : b));
      expect(nearest).toBe(sw);
    }
    // buildings side by side: every switch of building 1 left of every switch of building 2
    const xs = (b: number) => access.filter((id) => id.startsWith(`b${b}-`)).map((id) => p[id].x);
    expect(Math.max(...xs(1))).toBeLessThan(Math.min(...xs(2)));
    expect(p['printer-lost'].y).toBeGreaterThan(Math.max(...access.map((id) => p[`${id}-users`].y)));
  });

  it('orders names naturally and gives the same picture for the same graph, whatever order the nodes came in', () => {
    const graph = campus(2, 12);
    const p = tieredPositions(drawnOf(graph));
    expect(p['b1-acc-2'].x).toBeLessThan(p['b1-acc-10'].x);
    const shuffled = { nodes: [...graph.nodes].reverse(), edges: [...graph.edges].reverse() };
    expect(tieredPositions(drawnOf(shuffled))).toEqual(p);
  });
});
