import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';
import type { OutboundEvent } from './event';

/** One attempt to deliver one event to one webhook, as the delivery log shows it. */
export interface Delivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: 'pending' | 'succeeded' | 'failed';
  status_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_retry_at: string | null;
  created_at: string;
  attempted_at: string | null;
}

export interface AttemptResult {
  status: 'succeeded' | 'failed';
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  nextRetryAt: Date | null;
}

/** The job a delivery attempt travels as: ids only, the body stays in the database. */
export interface DeliveryJob {
  organization_id: string;
  delivery_id: string;
}

export interface DeliveryRepository {
  /** A first attempt of each event for each enabled webhook of the organization that wants its type. */
  fanOut(ctx: TenantContext, events: readonly OutboundEvent[]): Promise<string[]>;
  /** A first attempt of `event` to one webhook (the test event); undefined when there is no such webhook. */
  addFirst(ctx: TenantContext, webhookId: string, event: OutboundEvent): Promise<string | undefined>;
  /** The next attempt of a failed one, same event and body. */
  addRetry(ctx: TenantContext, previousId: string): Promise<string | undefined>;
  pending(
    ctx: TenantContext,
    id: string,
  ): Promise<{ webhook_id: string; attempt: number; payload: OutboundEvent } | undefined>;
  record(ctx: TenantContext, id: string, result: AttemptResult): Promise<void>;
  list(ctx: TenantContext, webhookId: string, page: PageRequest): Promise<{ items: Delivery[]; total: number }>;
}

export const DELIVERY_REPOSITORY = Symbol('DELIVERY_REPOSITORY');

/** Delivery attempts travel on pg-boss; sent in the caller's transaction. */
export interface DeliveryQueue {
  enqueue(jobs: readonly DeliveryJob[], startAfter?: Date): Promise<void>;
  consume(concurrency: number, handler: (job: DeliveryJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const DELIVERY_QUEUE = Symbol('DELIVERY_QUEUE');
