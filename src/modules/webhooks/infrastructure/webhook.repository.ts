import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { type PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { Webhook, WebhookFields, WebhookRepository } from '../domain/webhook';

const COLUMNS = 'w.id, w.organization_id, w.url, w.events, w.enabled, w.description, w.created_at, w.updated_at';

/** $1 the organization: webhooks belong to the whole organization. */
const own = (ctx: TenantContext) => tenantScope('w', ctx, null);

@Injectable()
export class PgWebhookRepository implements WebhookRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, page: PageRequest) {
    const scope = own(ctx);
    const items = await this.db.query<Webhook>(
      `SELECT ${COLUMNS} FROM webhooks w WHERE ${scope.where} ORDER BY w.created_at, w.id LIMIT $2 OFFSET $3`,
      [...scope.params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhooks w WHERE ${scope.where}`,
      scope.params,
    );
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string) {
    const scope = own(ctx);
    return this.db.one<Webhook>(`SELECT ${COLUMNS} FROM webhooks w WHERE ${scope.where} AND w.id = $2`, [
      ...scope.params,
      id,
    ]);
  }

  async create(ctx: TenantContext, fields: WebhookFields, sealedSecret: string) {
    const [row] = await this.db.query<Webhook>(
      `INSERT INTO webhooks AS w (organization_id, url, events, enabled, description, secret_sealed)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [ctx.organizationId, fields.url, fields.events, fields.enabled, fields.description, sealedSecret],
    );
    return row;
  }

  update(ctx: TenantContext, id: string, fields: WebhookFields) {
    const scope = own(ctx);
    return this.db.one<Webhook>(
      `UPDATE webhooks w SET url = $3, events = $4, enabled = $5, description = $6, updated_at = now()
       WHERE ${scope.where} AND w.id = $2 RETURNING ${COLUMNS}`,
      [...scope.params, id, fields.url, fields.events, fields.enabled, fields.description],
    );
  }

  replaceSecret(ctx: TenantContext, id: string, sealedSecret: string) {
    const scope = own(ctx);
    return this.db.one<Webhook>(
      `UPDATE webhooks w SET secret_sealed = $3, updated_at = now() WHERE ${scope.where} AND w.id = $2 RETURNING ${COLUMNS}`,
      [...scope.params, id, sealedSecret],
    );
  }

  async delete(ctx: TenantContext, id: string) {
    const scope = own(ctx);
    return (
      (await this.db.execute(`DELETE FROM webhooks w WHERE ${scope.where} AND w.id = $2`, [...scope.params, id])) > 0
    );
  }

  target(ctx: TenantContext, id: string) {
    const scope = own(ctx);
    return this.db.one<{ url: string; enabled: boolean; secret_sealed: string }>(
      `SELECT w.url, w.enabled, w.secret_sealed FROM webhooks w WHERE ${scope.where} AND w.id = $2`,
      [...scope.params, id],
    );
  }
}
