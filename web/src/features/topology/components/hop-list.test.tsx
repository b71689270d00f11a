import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopologyGraph } from '../../../lib/graph';
import type { PathAnswer } from '../path';
import { HopList } from './hop-list';
import { PathPanel, type PathPanelProps } from './path-panel';
import { ApiError } from '../../../api/errors';

const G = 1e9;
const found: PathAnswer = {
  found: true,
  hops: [
    {
      host_id: 'pc',
      label: 'pc-1',
      device_type: 'Workstation',
      in: null,
      out: { interface_id: 'pc-e0', name: 'eth0', speed_bps: G },
    },
    {
      host_id: 'acc',
      label: 'access-1',
      device_type: 'Switch',
      in: { interface_id: 'acc-g1', name: 'ge-1' },
      out: { interface_id: 'acc-t1', name: 'te-1', speed_bps: 10 * G },
    },
    {
      host_id: 'core',
      label: 'core',
      device_type: 'Router',
      in: { interface_id: 'core-x1', name: 'xe-0/0/1' },
      out: null,
    },
  ],
  links: [
    { id: 'link:acc-g1:pc-e0', provenance: 'lldp', speed_bps: G },
    { id: 'link:acc-t1:core-x1', provenance: 'fdb', speed_bps: 10 * G },
  ],
};
const graph: TopologyGraph = {
  nodes: [
    { id: 'pc', kind: 'host', label: 'pc-1', data: {} },
    { id: 'core', kind: 'host', label: 'core', data: {} },
  ],
  edges: [],
};

afterEach(cleanup);

describe('HopList', () => {
  it('lists each device with its type, its ports in and out, and between devices the link’s speed and how it was learnt', () => {
    render(<HopList hops={found.hops!} links={found.links!} onSelectId={vi.fn()} />);
    const hops = within(screen.getByRole('list', { name: 'Hops' })).getAllByRole('listitem');
    expect(hops.map((hop) => hop.textContent)).toEqual([
      '1pc-1Workstationout eth0 1 Gb/s1 Gb/s link, learnt by LLDP',
      "2access-1Switchin ge-1out te-1 10 Gb/s10 Gb/s link, learnt from a switch's forwarding table (FDB)",
      '3coreRouterin xe-0/0/1',
    ]);
  });

  it('selects a device or a link on the map when clicked', () => {
    const onSelectId = vi.fn();
    render(<HopList hops={found.hops!} links={found.links!} onSelectId={onSelectId} />);
    fireEvent.click(screen.getByRole('button', { name: 'access-1' }));
    fireEvent.click(screen.getByRole('button', { name: '10 Gb/s link' }));
    expect(onSelectId.mock.calls).toEqual([['acc'], ['link:acc-t1:core-x1']]);
  });
});

describe('PathPanel', () => {
  const panel = (props: Partial<PathPanelProps>) => {
    const handlers = { onSelectId: vi.fn(), onSwap: vi.fn(), onClear: vi.fn() };
    render(<PathPanel graph={graph} from="pc" to="core" answer={undefined} error={null} {...handlers} {...props} />);
    return { handlers, text: () => screen.getByRole('region', { name: 'Path' }).textContent };
  };

  it('names both ends, counts the hops and lists them; Swap and Clear path call back', () => {
    const { handlers, text } = panel({ answer: found });
    expect(text()).toContain('From pc-1 to core');
    expect(text()).toContain('3 devices, 2 links');
    expect(screen.getAllByTestId('path-hop')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear path' }));
    expect(handlers.onSwap).toHaveBeenCalledOnce();
    expect(handlers.onClear).toHaveBeenCalledOnce();
  });

  it('says why no path is known', () => {
    panel({ answer: { found: false, reason: 'island has no known links' } });
    expect(screen.getByTestId('path-reason').textContent).toBe('No path known. island has no known links');
  });

  it('asks for the other end while only one is picked, and says so while finding the path', () => {
    const { text } = panel({ to: null });
    expect(text()).toContain('From pc-1 to pick a host');
    expect(text()).toContain('choose “Path to here”');
    expect(screen.getByRole('button', { name: 'Swap' })).toHaveProperty('disabled', true);
    cleanup();
    panel({});
    expect(screen.getByRole('status').textContent).toBe('Finding the path…');
  });

  it('says a host is not on the map at this instant when the API answers 404 for a host', () => {
    panel({ error: new ApiError(404, 'entity_not_found', 'host not found', { entity: 'host', id: 'core' }) });
    expect(screen.getByRole('alert').textContent).toBe('One of the two hosts is not on the map at this instant.');
  });
});
