import { describe, expect, it } from 'vitest';
import type { TopologyGraph } from '../../lib/graph/types';
import { groupTitle } from './groups';

const graph: TopologyGraph = {
  nodes: [
    { id: 's1', kind: 'subnet', label: '10.0.0.0/24', data: {} },
    { id: 'h1', kind: 'host', label: 'a', parent: 's1', data: { expanded_group: 'group:subnet:s1' } },
    { id: 'h2', kind: 'host', label: 'b', parent: 's1', data: { expanded_group: 'group:subnet:s1' } },
  ],
  edges: [],
};

describe('groupTitle', () => {
  it('names an expanded group by what it groups by, with how many members are drawn', () => {
    expect(groupTitle('group:subnet:s1', graph)).toBe('Hosts of 10.0.0.0/24 (2)');
    expect(groupTitle('group:subnet:none', graph)).toBe('Hosts of no subnet');
    expect(groupTitle('group:guests:3f2b8c1e-7d4a-4e6b', graph)).toBe('Guests of 3f2b8c1e…');
  });
});
