import { describe, expect, it } from 'vitest';
import type { GraphColors } from './colors';
import { exportHeading, exportLegend, formatInstant } from './export-meta';
import { l2Graph } from './fixtures';
import { buildDrawnGraph } from './model';

const colors = {
  background: '#fff',
  text: '#111',
  muted: '#555',
  surface: '#fff',
  border: '#ddd',
  accent: '#00f',
  edge: '#888',
  dim: '#eee',
  added: '#0a0',
  removed: '#a00',
  changed: '#aa0',
  path: '#f60',
  kinds: { host: '#00a', interface: '#666', subnet: '#a0a' },
} as GraphColors;
const now = new Date('2026-11-28T15:30:45Z');

describe('exportHeading', () => {
  it('names the view, the network and the instant: live (with the time of the export), as of, or two instants', () => {
    const caption = { title: 'L2 physical topology', network: 'Office LAN' };
    expect(exportHeading(caption, now)).toEqual({
      title: 'L2 physical topology',
      subtitle: 'Office LAN · live at 2026-11-28 15:30 UTC',
    });
    expect(exportHeading({ ...caption, at: '2026-11-01T08:05:00Z' }, now).subtitle).toBe(
      'Office LAN · as of 2026-11-01 08:05 UTC',
    );
    expect(exportHeading({ ...caption, compare: '2026-10-01T00:00:00Z' }, now).subtitle).toBe(
      'Office LAN · changes between 2026-10-01 00:00 UTC and now (2026-11-28 15:30 UTC)',
    );
    expect(exportHeading({ title: 'Map' }, now).subtitle).toBe('live at 2026-11-28 15:30 UTC');
    expect(formatInstant('not a date')).toBe('not a date');
  });
});

describe('exportLegend', () => {
  it('lists the device types and node kinds drawn, then the kinds of edge, in their colours', () => {
    const graph = l2Graph();
    graph.nodes[0].data.device_type = 'Switch';
    const legend = exportLegend(buildDrawnGraph(graph, 'L2Physical'), colors);
    expect(legend).toEqual([
      { label: 'Switch', color: '#0e7f86', shape: 'node' },
      { label: 'host', color: '#00a', shape: 'node' },
      { label: 'L2 link', color: '#888', shape: 'edge' },
    ]);
  });

  it('lists what the colours of a comparison mean', () => {
    const legend = exportLegend(buildDrawnGraph(l2Graph(), 'L2Physical'), colors, { h1: 'added' });
    expect(legend.map((e) => [e.label, e.color])).toEqual([
      ['added', '#0a0'],
      ['removed', '#a00'],
      ['changed', '#aa0'],
      ['unchanged', '#eee'],
    ]);
  });
});
