import { describe, expect, it } from 'vitest';
import { keepPlaces } from './layout-memory';
import { link } from './fixtures';
import { buildDrawnGraph } from './model';
import { tieredPositions } from './tiers';
import type { TopologyEdge, TopologyGraph, TopologyNode } from './types';

/** A host as the L2 view sends it: the core on tier 1, switches on 2, servers on 3. */
const host = (id: string, type = 'Switch'): TopologyNode => ({
  id,
  kind: 'host',
  label: id,
  data: { device_type: type, tier: id === 'core' ? 1 : type === 'Switch' ? 2 : 3, infrastructure: type === 'Switch' },
});

function rack(switches: number, servers: number): TopologyGraph {
  const nodes = [host('core')];
  const edges: TopologyEdge[] = [];
  for (let s = 1; s <= switches; s++) {
    nodes.push(host(`sw-${s}`));
    edges.push(link('core', `sw-${s}`));
    for (let h = 1; h <= servers; h++) {
      nodes.push(host(`srv-${s}-${h}`, 'Server'));
      edges.push(link(`sw-${s}`, `srv-${s}-${h}`));
    }
  }
  return { nodes, edges };
}

const layout = (graph: TopologyGraph, previous = {}) => {
  const drawn = buildDrawnGraph(graph, 'L2Physical');
  return keepPlaces(drawn, tieredPositions(drawn), previous);
};

describe('a layout that stays put', () => {
  it('is the computed layout the first time', () => {
    const graph = rack(3, 4);
    expect(layout(graph)).toEqual(tieredPositions(buildDrawnGraph(graph, 'L2Physical')));
  });

  it('keeps every node that did not change where it was when a few hosts come and go', () => {
    const before = layout(rack(4, 6));
    const grown = rack(4, 6);
    // a new switch in the middle of the order, a server on sw-2, and srv-3-6 gone
    grown.nodes.push(host('sw-2b'), host('srv-2-7', 'Server'), host('srv-2b-1', 'Server'));
    grown.edges.push(link('core', 'sw-2b'), link('sw-2', 'srv-2-7'), link('sw-2b', 'srv-2b-1'));
    grown.nodes = grown.nodes.filter((n) => n.id !== 'srv-3-6');
    grown.edges = grown.edges.filter((e) => e.target !== 'srv-3-6');
    const after = layout(grown, before);
    for (const id of Object.keys(before)) if (id !== 'srv-3-6') expect(after[id]).toEqual(before[id]);
    expect(after['srv-3-6']).toBeUndefined();
    // the new server lands beside its switch's other servers, no node on top of another
    expect(Math.abs(after['srv-2-7'].x - before['srv-2-6'].x)).toBeLessThan(400);
    expect(after['srv-2-7'].y).toBeLessThan(before['sw-2'].y);
    const places = Object.values(after).map((p) => `${p.x},${p.y}`);
    expect(new Set(places).size).toBe(places.length);
  });
});

describe('opening a big group', () => {
  it('lays the drawing out afresh, the node the group hung off staying where it was', () => {
    const closed = rack(3, 0);
    closed.nodes.push({ id: 'group:sw-2', kind: 'group', label: 'sw-2 · 30 hosts', data: { tier: 3 } });
    closed.edges.push(link('sw-2', 'group:sw-2'));
    const opened = rack(3, 0);
    for (let h = 1; h <= 30; h++) {
      opened.nodes.push(host(`srv-2-${h}`, 'Server'));
      opened.edges.push(link('sw-2', `srv-2-${h}`));
    }
    const before = layout(closed);
    const after = layout(opened, before);
    expect(after['sw-2']).toEqual(before['sw-2']);
    // the computed picture, moved as one
    const computed = tieredPositions(buildDrawnGraph(opened, 'L2Physical'));
    const shift = { x: after['sw-2'].x - computed['sw-2'].x, y: after['sw-2'].y - computed['sw-2'].y };
    for (const id of ['core', 'sw-1', 'srv-2-7', 'srv-2-30']) {
      expect(after[id].x - computed[id].x).toBeCloseTo(shift.x);
      expect(after[id].y - computed[id].y).toBeCloseTo(shift.y);
    }
  });
});
