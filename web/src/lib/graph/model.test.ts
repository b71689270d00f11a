import { describe, expect, it } from 'vitest';
import { cabledSwitch, l2Graph } from './fixtures';
import { buildDrawnGraph, CONTAINS, searchEntries } from './model';

describe('buildDrawnGraph', () => {
  it('folds L2 interfaces into their host and draws links host to host, labelled with both ports', () => {
    const drawn = buildDrawnGraph(l2Graph(), 'L2Physical');
    expect(drawn.nodes.map((n) => n.id)).toEqual(['sw', 'h1', 'lonely']);
    expect(drawn.nodes[0].ports.map((p) => p.label)).toEqual(['ge-1', 'ge-2']);
    // One link each: the ends read in label order, core-switch before web-1.
    expect(drawn.edges).toEqual([
      {
        id: 'link:h1-e0:sw-p1',
        source: 'sw',
        target: 'h1',
        kind: 'link',
        label: 'ge-1 ↔ eth0',
        ports: ['ge-1', 'eth0'],
        size: 2,
      },
    ]);
    expect(drawn.drawnIdOf.get('sw-p2')).toBe('sw');
  });

  it('labels every link from the end with more links (the switch side), whichever end the API names first', () => {
    const drawn = buildDrawnGraph(cabledSwitch(), 'L2Physical');
    expect(drawn.edges.map((e) => [e.source, e.target, e.label])).toEqual([
      ['sw', 'web', 'ge-0/0/3 ↔ eth0'],
      ['sw', 'db', 'ge-0/0/43 ↔ eth0'],
    ]);
  });

  it('draws interfaces as nodes in views that do not fold them, and skips edges to unknown nodes', () => {
    const graph = l2Graph();
    graph.edges.push({ id: 'x', source: 'h1', target: 'gone', kind: 'address', data: {} });
    const drawn = buildDrawnGraph(graph, 'L3Logical');
    expect(drawn.nodes).toHaveLength(6);
    expect(drawn.edges.filter((e) => e.kind !== CONTAINS).map((e) => e.id)).toEqual(['link:h1-e0:sw-p1']);
  });

  it('keeps guests in their hypervisor and hosts in their subnet, with no lines (the box shows it)', () => {
    const drawn = buildDrawnGraph(
      {
        nodes: [
          { id: 'hv', kind: 'hypervisor', label: 'hv', data: {} },
          { id: 'vm', kind: 'vm', label: 'vm', parent: 'hv', data: {} },
        ],
        edges: [],
      },
      'Workloads',
    );
    expect(drawn.edges).toEqual([]);
    expect(drawn.nodes.find((n) => n.id === 'vm')?.parent).toBe('hv');
  });

  it('titles a subnet by its CIDR and its name', () => {
    const drawn = buildDrawnGraph(
      {
        nodes: [
          { id: 'a', kind: 'subnet', label: '10.1.3.0/24', data: { name: 'Floor 3 users' } },
          { id: 'b', kind: 'subnet', label: '10.1.4.0/24', data: { name: '' } },
        ],
        edges: [],
      },
      'L3Logical',
    );
    expect(drawn.nodes.map((n) => n.label)).toEqual(['10.1.3.0/24 · Floor 3 users', '10.1.4.0/24']);
  });

  it('lifts L3 gateways (data.gateway) out of their first subnet, tied to it by an unselectable line', () => {
    const host = (id: string, gateway?: boolean) => ({
      id,
      kind: 'host',
      label: id,
      parent: 'lan',
      data: gateway ? { gateway } : {},
    });
    const drawn = buildDrawnGraph(
      {
        nodes: [
          { id: 'lan', kind: 'subnet', label: '10.0.0.0/24', data: {} },
          { id: 'dmz', kind: 'subnet', label: '10.9.0.0/24', data: {} },
          host('fw', true),
          host('db'),
        ],
        edges: [
          { id: 'a1', source: 'fw', target: 'dmz', kind: 'address', data: {} },
          { id: 'a2', source: 'db', target: 'dmz', kind: 'address', data: {} },
        ],
      },
      'L3Logical',
    );
    const parents = Object.fromEntries(drawn.nodes.map((n) => [n.id, [n.parent ?? null, n.gateway ?? false]]));
    expect(parents).toMatchObject({ fw: [null, true], db: ['lan', false] });
    expect(drawn.edges.filter((e) => e.kind === CONTAINS).map((e) => e.id)).toEqual(['contains:lan:fw']);
    expect(drawn.edgeById.has('contains:lan:fw')).toBe(false);
  });

  it('draws groups larger and sizes aggregate edges by how many they stand for', () => {
    const drawn = buildDrawnGraph(
      {
        nodes: [
          {
            id: 'g',
            kind: 'group',
            label: '10.0.0.0/24 · 250 hosts',
            data: { group_kind: 'subnet', member_count: 250 },
          },
          { id: 's', kind: 'subnet', label: '10.0.0.0/24', data: {} },
        ],
        edges: [{ id: 'agg', source: 'g', target: 's', kind: 'aggregate', data: { count: 8 } }],
      },
      'L3Logical',
    );
    expect(drawn.nodes[0]).toMatchObject({ label: '10.0.0.0/24 · 250 hosts', size: 14 });
    expect(drawn.edges[0]).toMatchObject({ label: '8 links', size: 4 });
  });

  it('lets a search find interfaces, which lead to their host', () => {
    const entries = searchEntries(buildDrawnGraph(l2Graph(), 'L2Physical'));
    expect(entries.find((e) => e.label === 'eth0')).toEqual({
      id: 'h1-e0',
      label: 'eth0',
      kind: 'interface',
      target: 'h1',
    });
  });
});
