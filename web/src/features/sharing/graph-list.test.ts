import { describe, expect, it } from 'vitest';
import { formatValue, listGraph } from './graph-list';

describe('listGraph', () => {
  it('lists subnets before hosts, each with the labels it links to, both ways', () => {
    const rows = listGraph({
      nodes: [
        { id: 'h2', kind: 'host', label: 'web', parent: 's', data: {} },
        { id: 's', kind: 'subnet', label: '10.0.0.0/24', data: {} },
        { id: 'h1', kind: 'host', label: 'db', data: {} },
      ],
      edges: [
        { id: 'e1', source: 's', target: 'h1', kind: 'member', data: {} },
        { id: 'e2', source: 's', target: 'h2', kind: 'member', data: {} },
        { id: 'e3', source: 'h2', target: 'gone', kind: 'link', data: {} },
      ],
    });
    expect(rows).toEqual([
      { id: 's', label: '10.0.0.0/24', kind: 'subnet', links: ['db', 'web'] },
      { id: 'h1', label: 'db', kind: 'host', links: ['10.0.0.0/24'] },
      { id: 'h2', label: 'web', kind: 'host', within: '10.0.0.0/24', links: ['10.0.0.0/24'] },
    ]);
  });

  it('tells interfaces as ports of their host, on the host row', () => {
    const rows = listGraph({
      nodes: [
        { id: 'sw', kind: 'host', label: 'switch', data: {} },
        { id: 'p1', kind: 'interface', label: 'ge-1', parent: 'sw', data: {} },
        { id: 'nas', kind: 'host', label: 'nas', data: {} },
        { id: 'e0', kind: 'interface', label: 'eth0', parent: 'nas', data: {} },
        { id: 'lone', kind: 'interface', label: 'orphan', data: {} },
      ],
      edges: [{ id: 'l', source: 'p1', target: 'e0', kind: 'link', data: {} }],
    });
    expect(rows.map((r) => [r.label, r.links])).toEqual([
      ['nas', ['switch (eth0 ↔ ge-1)']],
      ['switch', ['nas (ge-1 ↔ eth0)']],
      ['orphan', []],
    ]);
  });

  it('formats data values', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(['a', 2])).toBe('a, 2');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
    expect(formatValue(false)).toBe('false');
  });
});
