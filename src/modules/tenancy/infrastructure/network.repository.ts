import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import { DEFAULT_STALE_AFTER_HOURS, Network, NetworkInput, NetworkRepository } from '../domain/network';

const COLUMNS = `n.id, n.organization_id, n.name, n.description, n.stale_after_hours,
  COALESCE(n.stale_after_hours, ${DEFAULT_STALE_AFTER_HOURS}) AS effective_stale_after_hours,
  ARRAY(SELECT t.tag_id FROM network_tags t WHERE t.organization_id = n.organization_id AND t.network_id = n.id ORDER BY t.tag_id) AS tags,
  n.created_at, n.updated_at`;

/** Networks of the caller's organization the caller may reach: $1 organization, $2 networks (null = all). */
const accessible = (ctx: TenantContext) => tenantScope('n', ctx, 'id');

/** Every network of the caller's organization: only $1. */

@Injectable()
export class PgNetworkRepository implements NetworkRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const s = accessible(ctx);
    const params = [...s.params, filter.networkId ?? null];
    const where = `${s.where} AND ($3::uuid IS NULL OR n.id = $3)`;
    const items = await this.db.query<Network>(
      `SELECT ${COLUMNS} FROM networks n WHERE ${where} ORDER BY n.created_at, n.id LIMIT $4 OFFSET $5`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM networks n WHERE ${where}`, params);
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string): Promise<Network | undefined> {
    const s = accessible(ctx);
    return this.db.one<Network>(`SELECT ${COLUMNS} FROM networks n WHERE ${s.where} AND n.id = $3`, [...s.params, id]);
  }

  create(ctx: TenantContext, input: NetworkInput): Promise<Network> {
    return this.db.transaction(async () => {
      const row = await this.db.one<{ id: string }>(
        `INSERT INTO networks (organization_id, name, description, stale_after_hours) VALUES ($1, $2, $3, $4) RETURNING id`,
        [ctx.organizationId, input.name, input.description, input.stale_after_hours],
      );
      await this.setTags(ctx, row!.id, input.tags);
      const s = tenantScope('', ctx, null);
      return (await this.db.one<Network>(`SELECT ${COLUMNS} FROM networks n WHERE ${s.where} AND n.id = $2`, [
        ...s.params,
        row!.id,
      ]))!;
    });
  }

  update(ctx: TenantContext, id: string, input: NetworkInput): Promise<Network | undefined> {
    return this.db.transaction(async () => {
      const s = accessible(ctx);
      const touched = await this.db.execute(
        `UPDATE networks n SET name = $4, description = $5, stale_after_hours = $6, updated_at = now()
         WHERE ${s.where} AND n.id = $3`,
        [...s.params, id, input.name, input.description, input.stale_after_hours],
      );
      if (touched === 0) return undefined;
      const own = tenantScope('', ctx, null);
      await this.db.execute(`DELETE FROM network_tags WHERE ${own.where} AND network_id = $2`, [...own.params, id]);
      await this.setTags(ctx, id, input.tags);
      return this.find(ctx, id);
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<boolean> {
    const s = accessible(ctx);
    return (await this.db.execute(`DELETE FROM networks n WHERE ${s.where} AND n.id = $3`, [...s.params, id])) > 0;
  }

  async countInOrganization(ctx: TenantContext): Promise<number> {
    const s = tenantScope('', ctx, null);
    const row = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM networks WHERE ${s.where}`, s.params);
    return row!.n;
  }

  async existingIds(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
    const s = tenantScope('', ctx, null);
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM networks WHERE ${s.where} AND id = ANY ($2::uuid[])`,
      [...s.params, ids],
    );
    return rows.map((r) => r.id);
  }

  private async setTags(ctx: TenantContext, networkId: string, tagIds: string[]): Promise<void> {
    if (tagIds.length === 0) return;
    await this.db.execute(
      `INSERT INTO network_tags (organization_id, network_id, tag_id) SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING`,
      [ctx.organizationId, networkId, tagIds],
    );
  }
}
