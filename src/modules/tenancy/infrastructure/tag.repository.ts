import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { Color, Tag, TagRepository } from '../domain/tag';

const COLUMNS = `id, organization_id, name, color, created_at, updated_at`;

/** Tags belong to the whole organization: only $1. */

@Injectable()
export class PgTagRepository implements TagRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, page: PageRequest) {
    const s = tenantScope('', ctx, null);
    const items = await this.db.query<Tag>(
      `SELECT ${COLUMNS} FROM tags WHERE ${s.where} ORDER BY name, id LIMIT $2 OFFSET $3`,
      [...s.params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM tags WHERE ${s.where}`, s.params);
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string) {
    const s = tenantScope('', ctx, null);
    return this.db.one<Tag>(`SELECT ${COLUMNS} FROM tags WHERE ${s.where} AND id = $2`, [...s.params, id]);
  }

  async create(ctx: TenantContext, fields: { name: string; color: Color }) {
    return (await this.db.one<Tag>(
      `INSERT INTO tags (organization_id, name, color) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [ctx.organizationId, fields.name, fields.color],
    ))!;
  }

  update(ctx: TenantContext, id: string, fields: { name: string; color: Color }) {
    const s = tenantScope('', ctx, null);
    return this.db.one<Tag>(
      `UPDATE tags SET name = $3, color = $4, updated_at = now() WHERE ${s.where} AND id = $2 RETURNING ${COLUMNS}`,
      [...s.params, id, fields.name, fields.color],
    );
  }

  async delete(ctx: TenantContext, id: string) {
    const s = tenantScope('', ctx, null);
    return (await this.db.execute(`DELETE FROM tags WHERE ${s.where} AND id = $2`, [...s.params, id])) > 0;
  }

  async existingIds(ctx: TenantContext, ids: readonly string[]) {
    const s = tenantScope('', ctx, null);
    const rows = await this.db.query<{ id: string }>(`SELECT id FROM tags WHERE ${s.where} AND id = ANY ($2::uuid[])`, [
      ...s.params,
      ids,
    ]);
    return rows.map((r) => r.id);
  }
}
