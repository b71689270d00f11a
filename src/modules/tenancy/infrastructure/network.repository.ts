import { Injectable } from '@nestjs/common';
import { networkScope, TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import { DEFAULT_STALE_AFTER_HOURS, Network, NetworkInput, NetworkRepository } from '../domain/network';

const COLUMNS = `n.id, n.organization_id, n.name, n.description, n.stale_after_hours,
  COALESCE(n.stale_after_hours, ${DEFAULT_STALE_AFTER_HOURS}) AS effective_stale_after_hours,
  ARRAY(SELECT t.tag_id FROM network_tags t WHERE t.organization_id = n.organization_id AND t.network_id = n.id ORDER BY t.tag_id) AS tags,
  n.created_at, n.updated_at`;

/** $1 organization, $2 accessible network ids (null = all). */
const ACCESSIBLE = `n.organization_id = $1 AND ($2::uuid[] IS NULL OR n.id = ANY ($2::uuid[]))`;

@Injectable()
export class PgNetworkRepository implements NetworkRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const params = [ctx.organizationId, networkScope(ctx), filter.networkId ?? null];
    const where = `${ACCESSIBLE} AND ($3::uuid IS NULL OR n.id = $3)`;
    const items = await this.db.query<Network>(
      `SELECT ${COLUMNS} FROM networks n WHERE ${where} ORDER BY n.created_at, n.id LIMIT $4 OFFSET $5`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM networks n WHERE ${where}`, params);
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string): Promise<Network | undefined> {
    return this.db.one<Network>(`SELECT ${COLUMNS} FROM networks n WHERE ${ACCESSIBLE} AND n.id = $3`, [
      ctx.organizationId,
      networkScope(ctx),
      id,
    ]);
  }

  create(ctx: TenantContext, input: NetworkInput): Promise<Network> {
    return this.db.transaction(async () => {
      const row = await this.db.one<{ id: string }>(
        `INSERT INTO networks (organization_id, name, description, stale_after_hours) VALUES ($1, $2, $3, $4) RETURNING id`,
        [ctx.organizationId, input.name, input.description, input.stale_after_hours],
      );
      await this.setTags(ctx, row!.id, input.tags);
      return (await this.db.one<Network>(
        `SELECT ${COLUMNS} FROM networks n WHERE n.organization_id = $1 AND n.id = $2`,
        [ctx.organizationId, row!.id],
      ))!;
    });
  }

  update(ctx: TenantContext, id: string, input: NetworkInput): Promise<Network | undefined> {
    return this.db.transaction(async () => {
      const touched = await this.db.execute(
        `UPDATE networks n SET name = $4, description = $5, stale_after_hours = $6, updated_at = now()
         WHERE ${ACCESSIBLE} AND n.id = $3`,
        [ctx.organizationId, networkScope(ctx), id, input.name, input.description, input.stale_after_hours],
      );
      if (touched === 0) return undefined;
      await this.db.execute(`DELETE FROM network_tags WHERE organization_id = $1 AND network_id = $2`, [
        ctx.organizationId,
        id,
      ]);
      await this.setTags(ctx, id, input.tags);
      return this.find(ctx, id);
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<boolean> {
    return this.db.transaction(async () => {
      const deleted = await this.db.execute(`DELETE FROM networks n WHERE ${ACCESSIBLE} AND n.id = $3`, [
        ctx.organizationId,
        networkScope(ctx),
        id,
      ]);
      // Keys scoped to this network keep their other networks; one left with none reaches nothing.
      await this.db.execute(
        `UPDATE api_keys SET network_ids = array_remove(network_ids, $2::uuid), updated_at = now()
         WHERE organization_id = $1 AND $2::uuid = ANY (network_ids)`,
        [ctx.organizationId, id],
      );
      return deleted > 0;
    });
  }

  async countInOrganization(ctx: TenantContext): Promise<number> {
    const row = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM networks WHERE organization_id = $1`, [
      ctx.organizationId,
    ]);
    return row!.n;
  }

  async existingIds(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM networks WHERE organization_id = $1 AND id = ANY ($2::uuid[])`,
      [ctx.organizationId, ids],
    );
    return rows.map((r) => r.id);
  }

  async existingTagIds(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM tags WHERE organization_id = $1 AND id = ANY ($2::uuid[])`,
      [ctx.organizationId, ids],
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
