import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { type PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { AuditEvent, AuditEventFilter, AuditEventRepository } from '../domain/audit-event';

const COLUMNS = `e.id, e.occurred_at, json_build_object('type', e.actor_type, 'id', e.actor_id, 'user_id', e.user_id) AS actor,
  e.request_id, host(e.client_address) AS client_address, e.resource_type, e.resource_id, e.action, e.network_id,
  e.before, e.after`;

/** Each filter is a parameter; an absent one (null) folds away when pg plans the statement. */
const FILTERS = `($3::text IS NULL OR e.actor_type = $3) AND ($4::uuid IS NULL OR e.actor_id = $4)
  AND ($5::text IS NULL OR e.resource_type = $5) AND ($6::uuid IS NULL OR e.resource_id = $6)
  AND ($7::text IS NULL OR e.action = $7) AND ($8::uuid IS NULL OR e.network_id = $8)
  AND ($9::timestamptz IS NULL OR e.occurred_at >= $9) AND ($10::timestamptz IS NULL OR e.occurred_at < $10)`;

@Injectable()
export class PgAuditEventRepository implements AuditEventRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: AuditEventFilter, page: PageRequest) {
    const s = tenantScope('e', ctx);
    const params = [
      ...s.params,
      filter.actorType ?? null,
      filter.actorId ?? null,
      filter.resourceType ?? null,
      filter.resourceId ?? null,
      filter.action ?? null,
      filter.networkId ?? null,
      filter.from ?? null,
      filter.to ?? null,
    ];
    const rows = await this.db.query<AuditEvent & { total: number }>(
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM audit_events e WHERE ${s.where} AND ${FILTERS}
       ORDER BY e.occurred_at DESC, e.id DESC LIMIT $11 OFFSET $12`,
      [...params, sqlLimit(page), page.offset],
    );
    if (rows.length > 0 || page.offset === 0)
      return { items: rows.map(({ total: _total, ...event }) => event), total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the total.
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events e WHERE ${s.where} AND ${FILTERS}`,
      params,
    );
    return { items: [], total: count!.n };
  }

  prune(before: Date) {
    return this.db.execute(`DELETE FROM audit_events WHERE occurred_at < $1`, [before]);
  }
}
