import { describe, expect, it } from 'vitest';
import type { Run } from './api';
import {
  groupDiagnostics,
  initialLiveRun,
  type LiveRun,
  parseRunEvent,
  type RunEvent,
  runEventReducer,
  runView,
} from './run-state';

const run = (over: Partial<Run> = {}): Run => ({
  id: 'r1',
  network_id: 'n1',
  schedule_id: null,
  status: 'queued',
  targets: ['127.93.0.1-127.93.0.4'],
  ports: 'top100',
  snmp: false,
  timeout_ms: 1000,
  concurrency: 512,
  progress: { targets_total: 4, targets_done: 0, hosts_found: 0 },
  attempts: 0,
  error: null,
  created_at: '2026-11-23T10:00:00Z',
  started_at: null,
  finished_at: null,
  ...over,
});

const play = (events: RunEvent[], from: LiveRun = initialLiveRun) => events.reduce(runEventReducer, from);
const progress = (targets_done: number, hosts_found = 0): RunEvent => ({
  type: 'progress',
  data: { targets_total: 4, targets_done, hosts_found },
});

describe('the run event reducer', () => {
  it('moves the bar with progress events and shows a queued run as running once progress comes', () => {
    const live = play([progress(1), progress(2, 1)]);
    expect(runView(run(), live)).toMatchObject({ status: 'running', percent: 50, ended: false });
    expect(runView(run(), live).progress).toEqual({ targets_total: 4, targets_done: 2, hosts_found: 1 });
  });

  it('never moves backwards when a reconnect replays older progress', () => {
    const live = play([progress(3, 2), progress(1, 0)]);
    expect(live.progress).toEqual({ targets_total: 4, targets_done: 3, hosts_found: 2 });
    // Nor behind what GET /runs/{id} already said.
    expect(
      runView(run({ status: 'running', progress: { targets_total: 4, targets_done: 4, hosts_found: 2 } }), live)
        .percent,
    ).toBe(100);
  });

  it('ends with finished: status, error and 100 % for a completed run', () => {
    const live = play([
      progress(2),
      {
        type: 'finished',
        data: { status: 'completed', error: null, progress: { targets_total: 4, targets_done: 4, hosts_found: 1 } },
      },
    ]);
    expect(runView(run({ status: 'running' }), live)).toMatchObject({ status: 'completed', ended: true, percent: 100 });
  });

  it('keeps a failed run where it stopped, with its error', () => {
    const live = play([
      progress(1),
      {
        type: 'finished',
        data: {
          status: 'failed',
          error: 'The worker running it stopped',
          progress: { targets_total: 4, targets_done: 1, hosts_found: 0 },
        },
      },
    ]);
    expect(runView(run({ status: 'running' }), live)).toMatchObject({
      status: 'failed',
      error: 'The worker running it stopped',
      percent: 25,
      ended: true,
    });
  });

  it('lets an ended snapshot win over a stream that has not finished (polling fallback)', () => {
    const live = play([progress(1)]);
    expect(runView(run({ status: 'cancelled' }), live)).toMatchObject({
      status: 'cancelled',
      ended: true,
      percent: 25,
    });
  });

  it('collects found hosts and diagnostics once each, even when the stream replays them', () => {
    const host: RunEvent = {
      type: 'host_found',
      data: {
        ip_address: '127.93.0.2',
        hostname: null,
        mac_address: null,
        vendor: null,
        ports: [8080],
        services: ['Http'],
        snmp: false,
      },
    };
    const diag: RunEvent = {
      type: 'diagnostic',
      data: {
        host_id: 'h1',
        address: '127.93.0.2',
        topic: 'snmp',
        message: 'no SNMP credential applies to 127.93.0.2',
      },
    };
    const live = play([host, diag, host, diag]);
    expect(live.hosts).toHaveLength(1);
    expect(live.diagnostics).toHaveLength(1);
  });

  it('resets for another run', () => {
    expect(runEventReducer(play([progress(2)]), { type: 'reset' })).toBe(initialLiveRun);
  });
});

describe('parsing stream messages', () => {
  it('reads known events and ignores unknown names and broken JSON', () => {
    expect(parseRunEvent('progress', '{"targets_total":1,"targets_done":1,"hosts_found":0}')).toEqual({
      type: 'progress',
      data: { targets_total: 1, targets_done: 1, hosts_found: 0 },
    });
    expect(parseRunEvent('keepalive', '{}')).toBeNull();
    expect(parseRunEvent('progress', '{oops')).toBeNull();
  });
});

describe('grouping diagnostics', () => {
  it('groups by host in order of arrival, and by address when no host was recorded', () => {
    const groups = groupDiagnostics([
      { host_id: 'h1', address: '10.0.0.1', topic: 'snmp', message: 'a' },
      { host_id: null, address: '10.0.0.9', topic: 'snmp', message: 'b' },
      { host_id: 'h1', address: '10.0.0.1', topic: 'mac', message: 'c' },
    ]);
    expect(groups.map((g) => [g.key, g.items.map((i) => i.message)])).toEqual([
      ['h1', ['a', 'c']],
      ['address:10.0.0.9', ['b']],
    ]);
  });
});
