import { describe, expect, it } from 'vitest';
import { link } from './fixtures';
import { buildDrawnGraph } from './model';
import { tieredPositions } from './tiers';
import type { TopologyGraph, TopologyNode } from './types';

/** A host as the L2 view sends it: its tier, and whether it is a switch, router or firewall. */
const node = (id: string, tier: number, infrastructure = false, kind = 'host'): TopologyNode => ({
  id,
  kind,
  label: id,
  data: { tier, ...(infrastructure && { infrastructure }) },
});

/** A campus: router and firewall, a core pair, per building a distribution pair, access switches uplinked to both. */
function campus(buildings = 2, accessPerBuilding = 3): TopologyGraph {
  const nodes = [node('rtr-edge', 0, true), node('fw-1', 0, true), node('core-1', 1, true), node('core-2', 1, true)];
  const edges = [link('rtr-edge', 'fw-1'), link('fw-1', 'core-1'), link('fw-1', 'core-2'), link('core-1', 'core-2')];
  for (let b = 1; b <= buildings; b++) {
    const dists = [`b${b}-dist-1`, `b${b}-dist-2`];
    for (const d of dists) {
      nodes.push(node(d, 2, true));
      edges.push(link('core-1', d), link('core-2', d));
    }
    for (let a = 1; a <= accessPerBuilding; a++) {
      const sw = `b${b}-acc-${a}`;
      nodes.push(node(sw, 3, true), node(`${sw}-users`, 4, false, 'group'), node(`${sw}-ap`, 4));
      edges.push(link(dists[0], sw), link(dists[1], sw), link(sw, `${sw}-users`), link(sw, `${sw}-ap`));
    }
  }
  nodes.push(node('printer-lost', -1));
  return { nodes, edges };
}

const drawnOf = (graph: TopologyGraph) => buildDrawnGraph(graph, 'L2Physical');

describe('tiered L2 layout', () => {
  it('draws top-down with no two nodes on one place, each endpoint under its switch', () => {
    const drawn = drawnOf(campus(3, 5));
    const p = tieredPositions(drawn);
    const places = new Set(Object.values(p).map(({ x, y }) => `${Math.round(x)},${Math.round(y)}`));
    expect(places.size).toBe(drawn.nodes.length);
    // sigma's y axis points up: a higher tier is drawn lower
    expect(p['rtr-edge'].y).toBeGreaterThan(p['core-1'].y);
    expect(p['core-1'].y).toBeGreaterThan(p['b1-dist-1'].y);
    expect(p['b1-dist-1'].y).toBeGreaterThan(p['b1-acc-1'].y);
    // an access switch's endpoints sit below it, nearer to it than to any other access switch
    const access = drawn.nodes.filter((n) => /acc-\d$/.test(n.id)).map((n) => n.id);
    for (const sw of access) {
      const users = p[`${sw}-users`];
      expect(users.y).toBeLessThan(p[sw].y);
      const nearest = access.reduce((a, b) => (Math.abs(p[a].x - users.x) <= Math.abs(p[b].x - users.x) ? a : b));
      expect(nearest).toBe(sw);
    }
    // buildings side by side: every switch of building 1 left of every switch of building 2
    const xs = (b: number) => access.filter((id) => id.startsWith(`b${b}-`)).map((id) => p[id].x);
    expect(Math.max(...xs(1))).toBeLessThan(Math.min(...xs(2)));
    expect(p['printer-lost'].y).toBeLessThan(Math.min(...access.map((id) => p[`${id}-users`].y)));
  });

  it('orders names naturally and gives the same picture for the same graph, whatever order the nodes came in', () => {
    const graph = campus(2, 12);
    const p = tieredPositions(drawnOf(graph));
    expect(p['b1-acc-2'].x).toBeLessThan(p['b1-acc-10'].x);
    const shuffled = { nodes: [...graph.nodes].reverse(), edges: [...graph.edges].reverse() };
    expect(tieredPositions(drawnOf(shuffled))).toEqual(p);
  });

  it('wraps more than 16 switches under one node into bands, each below the endpoints of the one before', () => {
    const p = tieredPositions(drawnOf(campus(1, 40)));
    const access = Array.from({ length: 40 }, (_, i) => `b1-acc-${i + 1}`);
    const rows = [...new Set(access.map((id) => Math.round(p[id].y)))].sort((a, b) => b - a);
    expect(rows).toHaveLength(3);
    const band = (y: number) => access.filter((id) => Math.round(p[id].y) === y);
    expect(rows.map((y) => band(y).length)).toEqual([16, 16, 8]);
    // a band starts below everything that hangs off the band above it
    const lowestOf = (ids: string[]) =>
      Math.min(...ids.flatMap((id) => [p[id].y, p[`${id}-users`].y, p[`${id}-ap`].y]));
    expect(rows[1]).toBeLessThan(lowestOf(band(rows[0])));
    expect(rows[2]).toBeLessThan(lowestOf(band(rows[1])));
    const places = new Set(Object.values(p).map(({ x, y }) => `${Math.round(x)},${Math.round(y)}`));
    expect(places.size).toBe(Object.keys(p).length);
  });
});
