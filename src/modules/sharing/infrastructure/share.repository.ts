import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { ShareFields, ShareRepository, ShareRow } from '../domain/share';

const COLUMNS = `s.id, s.organization_id, s.network_id, s.name, s.is_enabled, s.expires_at, s.allowed_domains, s.password_hash,
  s.enabled_views, s.options, s.created_at, s.updated_at`;

@Injectable()
export class PgShareRepository implements ShareRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const scope = tenantScope('s', ctx);
    const params = [...scope.params, filter.networkId ?? null];
    const where = `${scope.where} AND ($3::uuid IS NULL OR s.network_id = $3)`;
    const items = await this.db.query<ShareRow>(
      `SELECT ${COLUMNS} FROM shares s WHERE ${where} ORDER BY s.created_at, s.id LIMIT $4 OFFSET $5`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM shares s WHERE ${where}`, params);
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string) {
    const scope = tenantScope('s', ctx);
    return this.db.one<ShareRow>(`SELECT ${COLUMNS} FROM shares s WHERE ${scope.where} AND s.id = $3`, [
      ...scope.params,
      id,
    ]);
  }

  async create(ctx: TenantContext, networkId: string, f: ShareFields) {
    const row = await this.db.one<ShareRow>(
      `INSERT INTO shares AS s (organization_id, network_id, name, is_enabled, expires_at, allowed_domains, password_hash, enabled_views, options)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        ctx.organizationId,
        networkId,
        f.name,
        f.is_enabled,
        f.expires_at,
        f.allowed_domains,
        f.password_hash,
        f.enabled_views,
        JSON.stringify(f.options),
      ],
    );
    return row!;
  }

  update(ctx: TenantContext, id: string, f: ShareFields) {
    const scope = tenantScope('s', ctx);
    return this.db.one<ShareRow>(
      `UPDATE shares AS s SET name = $4, is_enabled = $5, expires_at = $6, allowed_domains = $7, password_hash = $8, enabled_views = $9,
         options = $10, updated_at = now()
       WHERE ${scope.where} AND s.id = $3 RETURNING ${COLUMNS}`,
      [
        ...scope.params,
        id,
        f.name,
        f.is_enabled,
        f.expires_at,
        f.allowed_domains,
        f.password_hash,
        f.enabled_views,
        JSON.stringify(f.options),
      ],
    );
  }

  async delete(ctx: TenantContext, id: string) {
    const scope = tenantScope('s', ctx);
    return (
      (await this.db.execute(`DELETE FROM shares AS s WHERE ${scope.where} AND s.id = $3`, [...scope.params, id])) > 0
    );
  }

  findPublic(id: string) {
    return this.db.one<ShareRow & { plan_type: string }>(
      `SELECT ${COLUMNS}, o.plan_type FROM shares s JOIN organizations o ON o.id = s.organization_id WHERE s.id = $1`,
      [id],
    );
  }
}
