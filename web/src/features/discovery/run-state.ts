import type { Run, RunDiagnostic, RunProgress } from './api';
import { hasEnded } from './api';

/** What `host_found` carries: one host the scan found, before the ingest. */
export interface FoundHost {
  ip_address: string;
  hostname: string | null;
  mac_address: string | null;
  vendor: string | null;
  ports: number[];
  /** The service definition on each open port, in the order of `ports`. */
  services: string[];
  snmp: boolean;
}

export interface FinishedData {
  status: Run['status'];
  error: string | null;
  progress: RunProgress;
}

/** One event of GET /runs/{id}/events, by its `event:` name. */
export type RunEvent =
  | { type: 'progress'; data: RunProgress }
  | { type: 'host_found'; data: FoundHost }
  | { type: 'diagnostic'; data: RunDiagnostic }
  | { type: 'finished'; data: FinishedData };

export const RUN_EVENT_TYPES = ['progress', 'host_found', 'diagnostic', 'finished'] as const;

/** What the stream has told so far. The stream replays from the start, so this is complete once finished. */
export interface LiveRun {
  progress: RunProgress | null;
  hosts: FoundHost[];
  diagnostics: RunDiagnostic[];
  finished: FinishedData | null;
}

export const initialLiveRun: LiveRun = { progress: null, hosts: [], diagnostics: [], finished: null };

const maxProgress = (a: RunProgress | null, b: RunProgress): RunProgress =>
  a
    ? {
        targets_total: Math.max(a.targets_total, b.targets_total),
        targets_done: Math.max(a.targets_done, b.targets_done),
        hosts_found: Math.max(a.hosts_found, b.hosts_found),
      }
    : b;

export function runEventReducer(state: LiveRun, event: RunEvent | { type: 'reset' }): LiveRun {
  switch (event.type) {
    case 'reset':
      return initialLiveRun;
    case 'progress':
      // Progress never goes backwards, even if a reconnect replays an older event.
      return { ...state, progress: maxProgress(state.progress, event.data) };
    case 'host_found':
      if (state.hosts.some((h) => h.ip_address === event.data.ip_address)) return state;
      return { ...state, hosts: [...state.hosts, event.data] };
    case 'diagnostic': {
      const d = event.data;
      const seen = state.diagnostics.some(
        (x) => x.host_id === d.host_id && x.address === d.address && x.topic === d.topic && x.message === d.message,
      );
      return seen ? state : { ...state, diagnostics: [...state.diagnostics, d] };
    }
    case 'finished':
      return { ...state, finished: event.data, progress: maxProgress(state.progress, event.data.progress) };
  }
}

/** Parses one stream message; an unknown event or a broken payload is ignored (null). */
export function parseRunEvent(type: string, data: string): RunEvent | null {
  if (!(RUN_EVENT_TYPES as readonly string[]).includes(type)) return null;
  try {
    return { type, data: JSON.parse(data) } as RunEvent;
  } catch {
    return null;
  }
}

export interface RunView {
  status: Run['status'];
  progress: RunProgress;
  error: string | null;
  ended: boolean;
  /** 0..100, whole numbers; 100 once the run completed. */
  percent: number;
}

/** The run as shown: the latest of what GET /runs/{id} answered and what the stream said since. */
export function runView(snapshot: Run, live: LiveRun): RunView {
  const progress = live.progress ? maxProgress(snapshot.progress, live.progress) : snapshot.progress;
  let status = snapshot.status;
  let error = snapshot.error;
  if (live.finished && !hasEnded(snapshot.status)) {
    status = live.finished.status;
    error = live.finished.error;
  } else if (status === 'queued' && live.progress) status = 'running';
  const ended = hasEnded(status);
  return { status, progress, error, ended, percent: percentOf(progress, status) };
}

export function percentOf(progress: RunProgress, status: Run['status']): number {
  if (status === 'completed') return 100;
  if (progress.targets_total <= 0) return 0;
  return Math.min(100, Math.floor((progress.targets_done / progress.targets_total) * 100));
}

export interface DiagnosticGroup {
  key: string;
  hostId: string | null;
  address: string | null;
  items: RunDiagnostic[];
}

/** Diagnostics grouped by host (or by address when no host was recorded), in the order they came. */
export function groupDiagnostics(diagnostics: readonly RunDiagnostic[]): DiagnosticGroup[] {
  const groups = new Map<string, DiagnosticGroup>();
  for (const d of diagnostics) {
    const key = d.host_id ?? `address:${d.address ?? 'unknown'}`;
    const group = groups.get(key) ?? { key, hostId: d.host_id, address: d.address, items: [] };
    if (!group.address && d.address) group.address = d.address;
    group.items.push(d);
    groups.set(key, group);
  }
  return [...groups.values()];
}
