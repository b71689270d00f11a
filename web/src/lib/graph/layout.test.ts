import { describe, expect, it } from 'vitest';
import { l2Graph } from './fixtures';
import { initialPositions, LAYOUT_OF, needsForce } from './layout';
import { buildDrawnGraph } from './model';
import type { TopologyGraph } from './types';

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('layouts per view', () => {
  it('chooses force for L2, hubs for L3, radial for workloads and layers for applications', () => {
    expect(LAYOUT_OF).toEqual({ L2Physical: 'force', L3Logical: 'hubs', Workloads: 'radial', Application: 'layered' });
  });

  it('starts L2 from the same seeded places on every load, and runs the force only for unsaved nodes', () => {
    const drawn = buildDrawnGraph(l2Graph(), 'L2Physical');
    expect(initialPositions(drawn, 'L2Physical')).toEqual(initialPositions(drawn, 'L2Physical'));
    expect(needsForce(drawn, 'L2Physical')).toBe(true);
    const all = { sw: { x: 1, y: 1 }, h1: { x: 2, y: 2 }, lonely: { x: 3, y: 3 } };
    expect(needsForce(drawn, 'L2Physical', all)).toBe(false);
    expect(needsForce(drawn, 'L3Logical')).toBe(false);
  });

  it('keeps saved positions over computed ones', () => {
    const drawn = buildDrawnGraph(l2Graph(), 'L2Physical');
    expect(initialPositions(drawn, 'L2Physical', { sw: { x: 500, y: -20 } }).sw).toEqual({ x: 500, y: -20 });
  });

  it('puts L3 hosts on a ring around their subnet, clusters apart from each other', () => {
    const graph: TopologyGraph = {
      nodes: [
        { id: 'a', kind: 'subnet', label: '10.0.0.0/24', data: {} },
        { id: 'b', kind: 'subnet', label: '10.1.0.0/24', data: {} },
        ...[1, 2, 3].map((i) => ({ id: `a${i}`, kind: 'host', label: `a${i}`, parent: 'a', data: {} })),
        ...[1, 2].map((i) => ({ id: `b${i}`, kind: 'host', label: `b${i}`, parent: 'b', data: {} })),
      ],
      edges: [],
    };
    const p = initialPositions(buildDrawnGraph(graph, 'L3Logical'), 'L3Logical');
    const ring = ['a1', 'a2', 'a3'].map((id) => distance(p[id], p.a));
    ring.forEach((r) => expect(r).toBeCloseTo(ring[0]));
    expect(distance(p.a, p.b)).toBeGreaterThan(2 * ring[0]);
    expect(Math.min(distance(p.a1, p.b), distance(p.a2, p.b), distance(p.a3, p.b))).toBeGreaterThan(ring[0]);
  });

  it('lays dependency chains left to right, a cycle included', () => {
    const graph: TopologyGraph = {
      nodes: ['web', 'cache', 'db', 'lone'].map((id) => ({ id, kind: 'service', label: id, data: {} })),
      edges: [
        { id: '1', source: 'web', target: 'cache', kind: 'dependency', data: {} },
        { id: '2', source: 'cache', target: 'db', kind: 'dependency', data: {} },
        { id: '3', source: 'web', target: 'db', kind: 'dependency', data: {} },
      ],
    };
    const p = initialPositions(buildDrawnGraph(graph, 'Application'), 'Application');
    expect(p.web.x).toBeLessThan(p.cache.x);
    expect(p.cache.x).toBeLessThan(p.db.x);
    graph.edges.push({ id: '4', source: 'db', target: 'web', kind: 'dependency', data: {} });
    const cyclic = initialPositions(buildDrawnGraph(graph, 'Application'), 'Application');
    expect(Object.values(cyclic).every((q) => Number.isFinite(q.x) && Number.isFinite(q.y))).toBe(true);
  });

  it('places VMs around their hypervisor and lone hosts apart', () => {
    const graph: TopologyGraph = {
      nodes: [
        { id: 'hv', kind: 'hypervisor', label: 'hv', data: {} },
        { id: 'vm1', kind: 'vm', label: 'vm1', parent: 'hv', data: {} },
        { id: 'vm2', kind: 'vm', label: 'vm2', parent: 'hv', data: {} },
        { id: 'pc', kind: 'host', label: 'pc', data: {} },
      ],
      edges: [],
    };
    const p = initialPositions(buildDrawnGraph(graph, 'Workloads'), 'Workloads');
    expect(distance(p.vm1, p.hv)).toBeCloseTo(distance(p.vm2, p.hv));
    expect(distance(p.pc, p.hv)).toBeGreaterThan(distance(p.vm1, p.hv));
  });
});
