import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopologyGraph } from '../../../lib/graph';
import { Inspector, selectionOf } from './inspectors';

const graph: TopologyGraph = {
  nodes: [
    { id: 'sw', kind: 'host', label: 'core-switch', data: { hostname: 'sw.lan', source: 'Discovery' } },
    { id: 'h1', kind: 'host', label: 'web-1', data: {} },
    { id: 'p1', kind: 'interface', label: 'ge-1', parent: 'sw', data: { speed_bps: 1e9 } },
    { id: 'e0', kind: 'interface', label: 'eth0', parent: 'h1', data: { speed_bps: 1e9 } },
    { id: 'g', kind: 'group', label: 'Hosts of 10.0.0.0/24', data: { group_kind: 'subnet', member_count: 120 } },
  ],
  edges: [{ id: 'l', source: 'e0', target: 'p1', kind: 'link', data: { speed_bps: 1e10, provenance: 'fdb' } }],
};

afterEach(cleanup);

const show = (id: string, handlers = { onSelectId: vi.fn(), onExpand: vi.fn(), onCollapse: vi.fn() }) => {
  render(
    <MemoryRouter>
      <Inspector selection={selectionOf(graph, id)!} graph={graph} {...handlers} />
    </MemoryRouter>,
  );
  return handlers;
};

describe('inspectors', () => {
  it('shows an L2 link with both hosts and ports, its speed and how it was learnt', () => {
    show('l');
    const text = screen.getByRole('region', { name: 'Inspector' }).textContent;
    expect(text).toContain('L2 link');
    expect(text).toContain('web-1 eth0');
    expect(text).toContain('core-switch ge-1');
    expect(text).toContain('10 Gb/s');
    expect(text).toContain("FDB: the switch's forwarding table");
    expect(screen.getByRole('link', { name: 'web-1' }).getAttribute('href')).toBe('/hosts/h1');
  });

  it("lists a host's links read from the host: its port → the far host and port; a click selects the link", () => {
    const handlers = show('h1');
    fireEvent.click(screen.getByRole('button', { name: 'eth0 → core-switch ge-1' }));
    expect(handlers.onSelectId).toHaveBeenCalledWith('l');
    cleanup();
    show('sw');
    expect(screen.getByRole('button', { name: 'ge-1 → web-1 eth0' })).toBeTruthy();
    cleanup();
    show('e0');
    expect(screen.getByRole('button', { name: 'eth0 → core-switch ge-1' })).toBeTruthy();
  });

  it("lists a host's ports, each selectable, and links to the host page", () => {
    const handlers = show('sw');
    expect(screen.getByRole('link', { name: 'Open host details →' }).getAttribute('href')).toBe('/hosts/sw');
    fireEvent.click(screen.getByRole('button', { name: 'ge-1' }));
    expect(handlers.onSelectId).toHaveBeenCalledWith('p1');
  });

  it('offers to expand a group', () => {
    const handlers = show('g');
    expect(screen.getByRole('region', { name: 'Inspector' }).textContent).toContain('120');
    fireEvent.click(screen.getByRole('button', { name: 'Expand' }));
    expect(handlers.onExpand).toHaveBeenCalledWith('g');
  });

  it('finds nothing for an id the graph does not have', () => {
    expect(selectionOf(graph, 'nope')).toBeNull();
    expect(selectionOf(graph, null)).toBeNull();
  });
});
