import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveRun } from './use-live-run';

/** Enough of EventSource to drive the hook: named listeners, onerror, readyState, close. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.listeners.get(type)?.forEach((l) => l(new MessageEvent(type, { data: JSON.stringify(data) }))));
  }
  fail(closed = false) {
    if (closed) this.readyState = FakeEventSource.CLOSED;
    act(() => this.onerror?.());
  }
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);
const progress = (done: number) => ({ targets_total: 4, targets_done: done, hosts_found: 0 });

describe('following a run through its event stream', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the run stream on the same origin and applies its events', () => {
    const { result } = renderHook(() => useLiveRun('run-1'), { wrapper });
    const [source] = FakeEventSource.instances;
    expect(source.url).toBe('/api/v1/discovery/runs/run-1/events');
    source.emit('progress', progress(2));
    expect(result.current.live.progress).toEqual(progress(2));
    expect(result.current.source).toBe('stream');
  });

  it('closes the stream after finished, so EventSource does not reconnect to an ended run', () => {
    const { result } = renderHook(() => useLiveRun('run-1'), { wrapper });
    const [source] = FakeEventSource.instances;
    source.emit('finished', { status: 'completed', error: null, progress: progress(4) });
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(result.current.streamClosed).toBe(true);
    expect(result.current.live.finished?.status).toBe('completed');
  });

  it('closes the stream when the page goes away', () => {
    const { unmount } = renderHook(() => useLiveRun('run-1'), { wrapper });
    const [source] = FakeEventSource.instances;
    unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('falls back to polling when the stream cannot be opened', () => {
    const { result } = renderHook(() => useLiveRun('run-1'), { wrapper });
    FakeEventSource.instances[0].fail();
    expect(result.current.source).toBe('polling');
    expect(FakeEventSource.instances[0].readyState).toBe(FakeEventSource.CLOSED);
  });

  it('lets a working stream reconnect a few times before polling', () => {
    const { result } = renderHook(() => useLiveRun('run-1'), { wrapper });
    const [source] = FakeEventSource.instances;
    source.emit('progress', progress(1));
    source.fail();
    source.fail();
    expect(result.current.source).toBe('stream');
    source.fail(true);
    expect(result.current.source).toBe('polling');
  });

  it('polls when the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    const { result } = renderHook(() => useLiveRun('run-1'), { wrapper });
    expect(result.current.source).toBe('polling');
  });
});
