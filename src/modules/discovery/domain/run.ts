import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';
import type { RunDiagnostic } from './diagnostic';
import type { PortSpec } from './port-spec';

export const RUN_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Per connection attempt and reply, unless a run says otherwise. */
export const DEFAULT_TIMEOUT_MS = 1_000;
/**
 * Connections in flight at most, unless a run says otherwise. Most attempts on a LAN end in a few
 * milliseconds (refused) or the whole timeout (filtered), so throughput is concurrency / timeout when hosts
 * are silent.
 */
export const DEFAULT_CONCURRENCY = 512;

export interface RunSettings {
  targets: string[];
  ports: PortSpec;
  snmp: boolean;
  timeout_ms: number;
  concurrency: number;
}

export interface Progress {
  targets_total: number;
  targets_done: number;
  hosts_found: number;
}

export interface RunRow extends RunSettings, Progress {
  id: string;
  organization_id: string;
  network_id: string;
  schedule_id: string | null;
  status: RunStatus;
  error: string | null;
  attempts: number;
  created_by: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export type EventType = 'progress' | 'host_found' | 'diagnostic' | 'finished';

export interface RunEvent {
  id: string;
  type: EventType;
  data: unknown;
}

/** What the queue carries: enough to rebuild the tenant context of the run. */
export interface RunJob {
  run_id: string;
  organization_id: string;
  network_id: string;
  created_by: string | null;
}

/**
 * Runs of the caller's organization in networks the caller may access. Changes made while a run executes
 * apply only while it is `running`, and each writes its event in the same statement, so nothing follows
 * a `finished` event.
 */
export interface RunRepository {
  create(
    ctx: TenantContext,
    networkId: string,
    settings: RunSettings,
    targetsTotal: number,
    scheduleId?: string,
  ): Promise<RunRow>;
  list(
    ctx: TenantContext,
    filter: { networkId?: string },
    page: PageRequest,
  ): Promise<{ items: RunRow[]; total: number }>;
  find(ctx: TenantContext, id: string): Promise<RunRow | undefined>;
  /** queued or running -> cancelled, with its finished event; undefined when it had already ended. */
  cancel(ctx: TenantContext, id: string): Promise<RunRow | undefined>;
  /** queued -> running for one worker: undefined when it was cancelled or another worker has it. */
  claim(ctx: TenantContext, id: string): Promise<RunRow | undefined>;
  /** Marks the run alive; returns its status (not running: the worker stops). */
  heartbeat(ctx: TenantContext, id: string): Promise<RunStatus | undefined>;
  /** Writes progress (never backwards) with its event; false when the run is no longer running. */
  progress(ctx: TenantContext, id: string, progress: Progress): Promise<boolean>;
  /** One host_found event per item, in order, in one statement. */
  hostsFound(ctx: TenantContext, id: string, events: object[]): Promise<void>;
  /** One diagnostic event per item, in order, in one statement. */
  addDiagnostics(ctx: TenantContext, id: string, diagnostics: RunDiagnostic[]): Promise<void>;
  /** A run's diagnostics in the order they were written, optionally of one host. */
  diagnostics(
    ctx: TenantContext,
    id: string,
    filter: { hostId?: string },
    page: PageRequest,
  ): Promise<{ items: RunDiagnostic[]; total: number }>;
  /** running -> final status with its finished event; false when the run was no longer running. */
  finish(ctx: TenantContext, id: string, status: RunStatus, error: string | null): Promise<boolean>;
  /**
   * running -> queued again, for another worker. A worker that stops on purpose gives the attempt back;
   * one that died keeps it counted.
   */
  requeue(ctx: TenantContext, id: string, giveBackAttempt: boolean): Promise<boolean>;
  events(ctx: TenantContext, runId: string, afterId: string): Promise<RunEvent[]>;
  /** Maintenance across organizations: runs still running whose heartbeat stopped before `before`. */
  stalled(before: Date): Promise<(RunJob & { attempts: number })[]>;
}

export const RUN_REPOSITORY = Symbol('RUN_REPOSITORY');
