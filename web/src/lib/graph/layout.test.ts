import { describe, expect, it } from 'vitest';
import { l2Graph } from './fixtures';
import { initialPositions, LAYOUT_OF } from './layout';
import { buildDrawnGraph } from './model';
import type { TopologyGraph } from './types';

describe('layouts per view', () => {
  it('chooses tiers for L2, containers for L3 and workloads and layers for applications', () => {
    expect(LAYOUT_OF).toEqual({
      L2Physical: 'tiers',
      L3Logical: 'containers',
      Workloads: 'containers',
      Application: 'layered',
    });
  });

  it('lays L2 out in the same places on every load', () => {
    const drawn = buildDrawnGraph(l2Graph(), 'L2Physical');
    expect(initialPositions(drawn, 'L2Physical')).toEqual(initialPositions(drawn, 'L2Physical'));
  });

  it('keeps saved positions over computed ones', () => {
    const drawn = buildDrawnGraph(l2Graph(), 'L2Physical');
    expect(initialPositions(drawn, 'L2Physical', { sw: { x: 500, y: -20 } }).sw).toEqual({ x: 500, y: -20 });
  });

  it('lays dependency chains top-down, a cycle included', () => {
    const graph: TopologyGraph = {
      nodes: ['web', 'cache', 'db', 'lone'].map((id) => ({ id, kind: 'service', label: id, data: {} })),
      edges: [
        { id: '1', source: 'web', target: 'cache', kind: 'dependency', data: {} },
        { id: '2', source: 'cache', target: 'db', kind: 'dependency', data: {} },
        { id: '3', source: 'web', target: 'db', kind: 'dependency', data: {} },
      ],
    };
    const p = initialPositions(buildDrawnGraph(graph, 'Application'), 'Application');
    // graph y grows upwards: the caller above what it calls
    expect(p.web.y).toBeGreaterThan(p.cache.y);
    expect(p.cache.y).toBeGreaterThan(p.db.y);
    graph.edges.push({ id: '4', source: 'db', target: 'web', kind: 'dependency', data: {} });
    const cyclic = initialPositions(buildDrawnGraph(graph, 'Application'), 'Application');
    expect(Object.values(cyclic).every((q) => Number.isFinite(q.x) && Number.isFinite(q.y))).toBe(true);
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
    expect(p.v2999.y).toBe(2999 * p.v1.y);
  });
});
