import { describe, expect, it } from 'vitest';
import { changeSection, diffTopology } from './diff';
import { l2Graph } from './fixtures';
import type { TopologyGraph } from './types';

describe('diffTopology', () => {
  it('finds what was added, removed and changed (same id, different label or data), and draws their union', () => {
    const before = l2Graph();
    const after: TopologyGraph = structuredClone(before);
    after.nodes = after.nodes.filter((n) => n.id !== 'lonely');
    after.nodes.push({ id: 'new', kind: 'host', label: 'new-box', data: {} });
    after.nodes.find((n) => n.id === 'h1')!.label = 'web-01';
    after.edges[0].data = { speed_bps: 1e10, provenance: 'lldp' };

    const diff = diffTopology(before, after);
    expect(diff.highlight).toEqual({ lonely: 'removed', new: 'added', h1: 'changed', 'link:h1-e0:sw-p1': 'changed' });
    expect(diff.changes.map((c) => [c.change, c.label, c.fields])).toEqual([
      ['removed', 'printer', []],
      ['added', 'new-box', []],
      ['changed', 'web-01', ['label']],
      ['changed', 'eth0 - ge-1', ['speed_bps']],
    ]);
    expect(diff.union.nodes.map((n) => n.id).sort()).toEqual(['h1', 'h1-e0', 'lonely', 'new', 'sw', 'sw-p1', 'sw-p2']);
  });

  it('marks a node changed by what changed inside it (a host that gained ports), beside its own fields', () => {
    const before = l2Graph();
    const after: TopologyGraph = structuredClone(before);
    after.nodes.find((n) => n.id === 'h1')!.label = 'web-01';
    const diff = diffTopology(before, after, { sw: ['+3 ports'], h1: ['−1 service'], gone: ['+1 port'] });
    expect(diff.highlight).toEqual({ sw: 'changed', h1: 'changed' });
    expect(diff.changes.map((c) => [c.change, c.label, c.fields])).toEqual([
      ['changed', 'core-switch', ['+3 ports']],
      ['changed', 'web-01', ['label', '−1 service']],
    ]);
  });

  it('sees no change when only the order of data keys differs', () => {
    const before = l2Graph();
    const after = structuredClone(before);
    after.edges[0].data = { provenance: 'lldp', speed_bps: 1e9 };
    expect(diffTopology(before, after).changes).toEqual([]);
  });

  it('draws a removed link with its removed port, and leaves out edges whose ends were never sent', () => {
    const before = l2Graph();
    before.edges.push({ id: 'stray', source: 'sw', target: 'ghost', kind: 'address', data: {} });
    const after: TopologyGraph = { nodes: before.nodes.filter((n) => n.id !== 'h1-e0'), edges: [] };
    const diff = diffTopology(before, after);
    expect(diff.union.edges.map((e) => e.id)).toEqual(['link:h1-e0:sw-p1']);
    expect(diff.highlight).toMatchObject({ 'link:h1-e0:sw-p1': 'removed', 'h1-e0': 'removed', stray: 'removed' });
  });

  it('sorts changes into hosts, links and services', () => {
    const entry = { id: 'x', change: 'added' as const, label: 'x', fields: [] };
    expect(changeSection({ ...entry, item: 'node', kind: 'vm' })).toBe('Hosts');
    expect(changeSection({ ...entry, item: 'edge', kind: 'link' })).toBe('Links');
    expect(changeSection({ ...entry, item: 'edge', kind: 'dependency' })).toBe('Services');
    expect(changeSection({ ...entry, item: 'node', kind: 'service' })).toBe('Services');
    expect(changeSection({ ...entry, item: 'node', kind: 'subnet' })).toBe('Other');
  });
});

describe('what the server works out for the drawing', () => {
  it('is no change of a host: a new link that moves it a tier down changes the link, not the host', () => {
    const before = {
      nodes: [{ id: 'h', kind: 'host', label: 'web-1', data: { tier: -1, device_type: 'Server' } }],
      edges: [],
    };
    const after = {
      nodes: [{ id: 'h', kind: 'host', label: 'web-1', data: { tier: 2, uplink: 'sw', device_type: 'Server' } }],
      edges: [],
    };
    expect(diffTopology(before, after).highlight).toEqual({});
  });
});
