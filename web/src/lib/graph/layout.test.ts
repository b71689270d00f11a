import { describe, expect, it } from 'vitest';
import { l2Graph } from './fixtures';
import { initialPositions, LAYOUT_OF } from './layout';
import { buildDrawnGraph } from './model';
import type { TopologyGraph } from './types';

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('layouts per view', () => {
  it('chooses tiers for L2, hubs for L3, radial for workloads and layers for applications', () => {
    expect(LAYOUT_OF).toEqual({ L2Physical: 'tiers', L3Logical: 'hubs', Workloads: 'radial', Application: 'layered' });
  });

  it('lays L2 out in the same places on every load', () => {
    const drawn = buildDrawnGraph(l2Graph(), 'L2Physical');
    expect(initialPositions(drawn, 'L2Physical')).toEqual(initialPositions(drawn, 'L2Physical'));
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

describe('layouts of big graphs', () => {
  it('places 10,000 hosts in 20 subnets and a 3,000-service chain (their speed: npm run bench)', () => {
    const subnets = Array.from({ length: 20 }, (_, i) => ({ id: `s${i}`, kind: 'subnet', label: `s${i}`, data: {} }));
    const hosts = Array.from({ length: 10_000 }, (_, i) => ({
      id: `h${i}`,
      kind: 'host',
      label: `h${i}`,
      parent: `s${i % 20}`,
      data: {},
    }));
    const drawn = buildDrawnGraph({ nodes: [...subnets, ...hosts], edges: [] }, 'L3Logical');
    expect(Object.keys(initialPositions(drawn, 'L3Logical'))).toHaveLength(10_020);

    const services = Array.from({ length: 3_000 }, (_, i) => ({
      id: `v${i}`,
      kind: 'service',
      label: `v${i}`,
      data: {},
    }));
    const edges = services
      .slice(1)
      .map((s, i) => ({ id: `d${i}`, source: `v${i}`, target: s.id, kind: 'dependency', data: {} }));
    const chain = buildDrawnGraph({ nodes: services, edges }, 'Application');
    const p = initialPositions(chain, 'Application');
    expect(p.v2999.x).toBe(2999 * p.v1.x);
  });
});
