import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveEvents } from './use-live-events';

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    act(() => this.listeners.get(type)?.forEach((l) => l(new MessageEvent(type, { data: JSON.stringify(data) }))));
  }
}

function setup(enabled = true) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const keys = [
    ['hosts', 'list', { network_id: 'n1' }],
    ['hosts', 'detail', 'h1', null],
    ['topology', 'graph', 'n1', 'L2Physical', 'now', []],
    ['topology', 'graph', 'n2', 'L2Physical', 'now', []],
    ['credentials', 'list', {}],
  ];
  keys.forEach((key) => client.setQueryData(key, { cached: true }));
  const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.slice(0, 3));
  const hook = renderHook(() => useLiveEvents(enabled), { wrapper });
  return { stale, hook };
}

describe('refreshing pages from the event stream', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a host event invalidates the hosts and the topology of its network, nothing else', () => {
    const { stale } = setup();
    const [source] = FakeEventSource.instances;
    expect(source.url).toBe('/api/v1/events/stream');
    source.emit('host.created', { type: 'host.created', network_id: 'n1', data: {} });
    expect(stale()).toEqual([
      ['hosts', 'list', { network_id: 'n1' }],
      ['hosts', 'detail', 'h1'],
      ['topology', 'graph', 'n1'],
    ]);
  });

  it('a link event refreshes only the topology of its network', () => {
    const { stale } = setup();
    FakeEventSource.instances[0].emit('link.added', { type: 'link.added', network_id: 'n2', data: {} });
    expect(stale()).toEqual([['topology', 'graph', 'n2']]);
  });

  it('opens no stream when signed out, and closes it on unmount', () => {
    setup(false);
    expect(FakeEventSource.instances).toEqual([]);
    const { hook } = setup();
    hook.unmount();
    expect(FakeEventSource.instances[0].closed).toBe(true);
  });
});
