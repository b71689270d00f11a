import type { TenantContext } from '../../../common/auth/tenant-context';
import type { EventType, NewEvent, OutboundEvent, StoredEvent } from './event';

/** A host a write created, changed or deleted (versions written at the write's instant). */
export interface HostWrite {
  id: string;
  name: string;
  hostname: string;
  change: 'created' | 'changed' | 'deleted';
}

export interface LinkEnd {
  host_id: string;
  interface_id: string;
}

/** An interface the write versioned: its neighbour before and after. */
export interface InterfaceWrite {
  host_id: string;
  interface_id: string;
  was: LinkEnd | null;
  now: LinkEnd | null;
}

export interface StaleHost {
  organization_id: string;
  network_id: string;
  id: string;
  name: string;
  last_seen_at: string;
  stale_since: string;
}

/** The outbox and what it is filled from: the rows a write versioned, read back in its transaction. */
export interface ChangeFeed {
  record(ctx: TenantContext, events: readonly NewEvent[]): Promise<OutboundEvent[]>;
  /** The caller's events after `afterSeq` (organization and permitted networks), oldest first. */
  after(ctx: TenantContext, afterSeq: string, limit: number): Promise<StoredEvent[]>;
  /** Where a new stream starts: the organization's newest event. */
  latestSeq(ctx: TenantContext): Promise<string>;
  /** Which of `hostIds` the write at `at` created, changed (the host or a child) or deleted. */
  hostWrites(ctx: TenantContext, networkId: string, at: Date, hostIds: readonly string[]): Promise<HostWrite[]>;
  /** The interfaces of `hostIds` versioned at `at`, with their neighbour before and after. */
  interfaceWrites(ctx: TenantContext, at: Date, hostIds: readonly string[]): Promise<InterfaceWrite[]>;
  /** Hosts of every organization whose staleness began in (since, until]. */
  becameStale(since: Date, until: Date): Promise<StaleHost[]>;
  /** The instant a periodic check looked up to (undefined the first time), locked for the transaction. */
  checkpoint(name: string): Promise<Date | undefined>;
  moveCheckpoint(name: string, until: Date): Promise<void>;
}

export const CHANGE_FEED = Symbol('CHANGE_FEED');

export type { EventType };
