import { type Bulk, collapse, type GroupSpec } from './collapse';
import type { Graph } from './graph';

const node = (id: string, kind = 'host', parent?: string) => ({
  id,
  kind,
  label: id.toUpperCase(),
  ...(parent && { parent }),
  data: {},
});
const edge = (source: string, target: string, kind = 'link') => ({
  id: `${source}-${target}`,
  source,
  target,
  kind,
  data: {},
});
const spec = (id: string, parent?: string): GroupSpec => ({
  id,
  group_kind: 'test',
  title: id,
  noun: 'things',
  parent,
});

/** Three members a, b, c of group g (with ports), a hub h, and a lone node z. */
const graph: Graph = {
  nodes: [
    node('h'),
    node('h1', 'interface', 'h'),
    node('h2', 'interface', 'h'),
    node('h3', 'interface', 'h'),
    node('h4', 'interface', 'h'),
    node('a'),
    node('a1', 'interface', 'a'),
    node('b'),
    node('b1', 'interface', 'b'),
    node('c'),
    node('z'),
  ],
  edges: [edge('a1', 'h1'), edge('b1', 'h2'), edge('a', 'b', 'peer'), edge('z', 'h4')],
};
const memberships = new Map([
  ['a', [spec('g')]],
  ['b', [spec('g')]],
  ['c', [spec('g')]],
  ['z', [spec('lonely')]],
]);

describe('collapse', () => {
  it('leaves a graph at or under the threshold as it is', () => {
    expect(collapse(graph, { memberships, expanded: new Set(), threshold: graph.nodes.length })).toBe(graph);
  });

  it('draws members (and what they contain) as one group node, edges as one aggregate per pair of ends', () => {
    const result = collapse(graph, { memberships, expanded: new Set(), threshold: 3, foldable: ['interface'] });
    expect(result.nodes.map((n) => n.id)).toEqual(['h', 'h4', 'z', 'g']);
    expect(result.nodes.find((n) => n.id === 'g')).toEqual({
      id: 'g',
      kind: 'group',
      label: 'g · 3 things',
      data: { group_kind: 'test', member_count: 3, member_sample: ['A', 'B', 'C'] },
    });
    // h1 and h2 led only into the group, h3 nowhere: they fold into h; the a-b edge is inside the group.
    expect(result.edges).toEqual([
      edge('z', 'h4'),
      { id: 'aggregate:g:h', source: 'g', target: 'h', kind: 'aggregate', data: { count: 2, kinds: ['link'] } },
    ]);
  });

  it('keeps ports in place without folding', () => {
    const result = collapse(graph, { memberships, expanded: new Set(), threshold: 3 });
    expect(result.nodes.map((n) => n.id)).toEqual(['h', 'h1', 'h2', 'h3', 'h4', 'z', 'g']);
    expect(result.edges.map((e) => [e.source, e.target, e.data.count])).toEqual([
      ['z', 'h4', undefined],
      ['g', 'h1', 1],
      ['g', 'h2', 1],
    ]);
  });

  it('draws the members of an expanded group as usual, marked with the group they came from', () => {
    const result = collapse(graph, { memberships, expanded: new Set(['g']), threshold: 3, foldable: ['interface'] });
    // All of them but h3, a port without edges (folded while the graph is grouped).
    expect(result.nodes.map((n) => n.id)).toEqual(graph.nodes.map((n) => n.id).filter((id) => id !== 'h3'));
    expect(result.nodes.find((n) => n.id === 'a')!.data).toEqual({ expanded_group: 'g' });
    expect(result.edges).toEqual(graph.edges);
  });

  it('does not make groups of one', () => {
    const result = collapse(graph, { memberships, expanded: new Set(), threshold: 3 });
    expect(result.nodes.map((n) => n.id)).toContain('z');
    expect(result.nodes.map((n) => n.id)).not.toContain('lonely');
  });

  it('goes to a coarser level only while still over the threshold, and keeps the group in its parent', () => {
    const nested = new Map([
      ['a', [spec('fine-1', 'h'), spec('coarse')]],
      ['b', [spec('fine-1', 'h'), spec('coarse')]],
      ['c', [spec('fine-2'), spec('coarse')]],
      ['z', [spec('fine-2'), spec('coarse')]],
    ]);
    const fine = collapse(graph, { memberships: nested, expanded: new Set(), threshold: 7 });
    expect(fine.nodes.map((n) => [n.id, n.parent])).toEqual([
      ['h', undefined],
      ['h1', 'h'],
      ['h2', 'h'],
      ['h3', 'h'],
      ['h4', 'h'],
      ['fine-1', 'h'],
      ['fine-2', undefined],
    ]);
    const coarse = collapse(graph, { memberships: nested, expanded: new Set(), threshold: 6 });
    expect(coarse.nodes.map((n) => n.id)).toEqual(['h', 'h1', 'h2', 'h3', 'h4', 'coarse']);
    // Expanding the coarse group shows its fine groups.
    const opened = collapse(graph, { memberships: nested, expanded: new Set(['coarse']), threshold: 6 });
    expect(opened.nodes.map((n) => n.id)).toEqual(['h', 'h1', 'h2', 'h3', 'h4', 'fine-1', 'fine-2']);
  });

  it('counts a node standing for many as its members: size, label, sample by rank, edges by the links they stand for', () => {
    const bulk: Bulk = {
      nodeCount: 1000,
      members: new Map([
        [
          'b',
          {
            count: 40,
            sample: [
              { rank: 1, label: 'B-1' },
              { rank: 5, label: 'B-5' },
            ],
          },
        ],
      ]),
      rank: new Map([
        ['a', 3],
        ['c', 0],
      ]),
      edgeCount: new Map([['b1-h2', 40]]),
    };
    // small as the graph is, the whole has 1,000 nodes: it is grouped
    const result = collapse(graph, { memberships, expanded: new Set(), threshold: 300, foldable: ['interface'], bulk });
    expect(result.nodes.find((n) => n.id === 'g')).toMatchObject({
      label: 'g · 42 things',
      data: { member_count: 42, member_sample: ['C', 'B-1', 'A', 'B-5'] },
    });
    expect(result.edges.find((e) => e.id === 'aggregate:g:h')!.data).toEqual({ count: 41, kinds: ['link'] });
    // a node standing for many is never drawn: its group must not be opened without reading its members
    expect(() =>
      collapse(graph, { memberships, expanded: new Set(['g']), threshold: 300, foldable: ['interface'], bulk }),
    ).toThrow(/read as its members/);
  });
});
