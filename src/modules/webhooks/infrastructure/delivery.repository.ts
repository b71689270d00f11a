import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { type PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { AttemptResult, Delivery, DeliveryRepository } from '../domain/delivery';
import type { OutboundEvent } from '../domain/event';

const COLUMNS = `d.id, d.webhook_id, d.event_id, d.event_type, d.attempt, d.status, d.status_code, d.duration_ms,
  d.error, d.next_retry_at, d.created_at, d.attempted_at`;

const own = (alias: string, ctx: TenantContext) => tenantScope(alias, ctx, null);

/** One row per attempt; a retry is a new row with the same event and body. */
@Injectable()
export class PgDeliveryRepository implements DeliveryRepository {
  constructor(private readonly db: Database) {}

  async fanOut(ctx: TenantContext, events: readonly OutboundEvent[]) {
    if (events.length === 0) return [];
    const scope = own('w', ctx);
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO webhook_deliveries (organization_id, webhook_id, event_id, event_type, payload, attempt)
       SELECT w.organization_id, w.id, (x.event ->> 'id')::uuid, x.event ->> 'type', x.event, 1
       FROM webhooks w JOIN jsonb_array_elements($2::jsonb) AS x (event) ON x.event ->> 'type' = ANY (w.events)
       WHERE ${scope.where} AND w.enabled RETURNING id`,
      [...scope.params, JSON.stringify(events)],
    );
    return rows.map((row) => row.id);
  }

  async addFirst(ctx: TenantContext, webhookId: string, event: OutboundEvent) {
    const scope = own('w', ctx);
    const row = await this.db.one<{ id: string }>(
      `INSERT INTO webhook_deliveries (organization_id, webhook_id, event_id, event_type, payload, attempt)
       SELECT w.organization_id, w.id, $3, $4, $5, 1 FROM webhooks w WHERE ${scope.where} AND w.id = $2 RETURNING id`,
      [...scope.params, webhookId, event.id, event.type, JSON.stringify(event)],
    );
    return row?.id;
  }

  async addRetry(ctx: TenantContext, previousId: string) {
    const scope = own('d', ctx);
    const row = await this.db.one<{ id: string }>(
      `INSERT INTO webhook_deliveries (organization_id, webhook_id, event_id, event_type, payload, attempt)
       SELECT d.organization_id, d.webhook_id, d.event_id, d.event_type, d.payload, d.attempt + 1
       FROM webhook_deliveries d WHERE ${scope.where} AND d.id = $2 RETURNING id`,
      [...scope.params, previousId],
    );
    return row?.id;
  }

  pending(ctx: TenantContext, id: string) {
    const scope = own('d', ctx);
    return this.db.one<{ webhook_id: string; attempt: number; payload: OutboundEvent }>(
      `SELECT d.webhook_id, d.attempt, d.payload FROM webhook_deliveries d
       WHERE ${scope.where} AND d.id = $2 AND d.status = 'pending'`,
      [...scope.params, id],
    );
  }

  async record(ctx: TenantContext, id: string, result: AttemptResult) {
    const scope = own('d', ctx);
    await this.db.execute(
      `UPDATE webhook_deliveries d SET status = $3, status_code = $4, duration_ms = $5, error = $6,
         next_retry_at = $7, attempted_at = now()
       WHERE ${scope.where} AND d.id = $2`,
      [...scope.params, id, result.status, result.statusCode, result.durationMs, result.error, result.nextRetryAt],
    );
  }

  async list(ctx: TenantContext, webhookId: string, page: PageRequest) {
    const scope = own('d', ctx);
    const items = await this.db.query<Delivery>(
      `SELECT ${COLUMNS} FROM webhook_deliveries d WHERE ${scope.where} AND d.webhook_id = $2
       ORDER BY d.created_at DESC, d.attempt DESC, d.id LIMIT $3 OFFSET $4`,
      [...scope.params, webhookId, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_deliveries d WHERE ${scope.where} AND d.webhook_id = $2`,
      [...scope.params, webhookId],
    );
    return { items, total: count!.n };
  }
}
