import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import {
  closeVersioned,
  findAsOf,
  history,
  insertVersioned,
  liveId,
  lockLive,
  type ReadableTable,
  updateVersioned,
  validAt,
  VERSIONED_FIXED,
  writeInstant,
} from '../../../common/database/versioned';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type {
  DependencyFields,
  DependencyFilter,
  DependencyRepository,
  DependencyRow,
  MemberType,
} from '../domain/dependency';

const TABLE: ReadableTable = {
  name: 'dependencies',
  data: {
    name: 'text',
    description: 'text',
    color: 'text',
    dependency_type: 'text',
    edge_style: 'text',
    member_type: 'text',
    member_ids: 'uuid[]',
    tags: 'uuid[]',
  },
  fixed: { ...VERSIONED_FIXED, source: 'jsonb' },
  alias: 'd',
  columns: `d.organization_id, d.network_id, d.name, d.description, d.color, d.dependency_type, d.edge_style, d.member_type,
    d.member_ids, d.tags, d.source, d.created_at, d.updated_at, d.valid_from, d.valid_to, d.lineage_id`,
};
const COLUMNS = `${liveId('d')} AS id, ${TABLE.columns}`;
const MEMBER_TABLE: Record<MemberType, string> = { Services: 'services', Bindings: 'bindings' };

@Injectable()
export class PgDependencyRepository implements DependencyRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: DependencyFilter, page: PageRequest) {
    const s = tenantScope('d', ctx);
    const params = [
      ...s.params,
      filter.at ?? null,
      filter.networkId ?? null,
      filter.tagIds ?? null,
      filter.serviceId ?? null,
    ];
    const where = `${s.where} AND ${validAt('d', '$3')} AND ($4::uuid IS NULL OR d.network_id = $4) AND ($5::uuid[] IS NULL OR d.tags && $5::uuid[])
      AND ($6::uuid IS NULL OR $6 = ANY (d.member_ids) OR d.member_ids && ARRAY(
        SELECT b.id FROM bindings b WHERE b.organization_id = d.organization_id AND b.service_id = $6 AND ${validAt('b', '$3')}))`;
    const items = await this.db.query<DependencyRow>(
      `SELECT ${COLUMNS} FROM dependencies d WHERE ${where} ORDER BY d.created_at, ${liveId('d')} LIMIT $7 OFFSET $8`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM dependencies d WHERE ${where}`,
      params,
    );
    return { items, total: count!.n };
  }

  async find(ctx: TenantContext, id: string, at?: Date) {
    return (await findAsOf<DependencyRow>(this.db, TABLE, ctx, [id], at))[0];
  }

  lock(ctx: TenantContext, id: string) {
    return lockLive<DependencyRow>(this.db, TABLE, ctx, id);
  }

  history(ctx: TenantContext, id: string) {
    return history<DependencyRow>(this.db, TABLE, ctx, id, 'dependency');
  }

  instant() {
    return writeInstant(this.db);
  }

  async create(ctx: TenantContext, networkId: string, fields: DependencyFields, at: Date) {
    const [id] = await insertVersioned(this.db, TABLE, ctx, [{ network_id: networkId, ...fields }], at);
    return id;
  }

  async update(ctx: TenantContext, id: string, fields: DependencyFields, at: Date) {
    await updateVersioned(this.db, TABLE, ctx, [{ id, ...fields }], at);
  }

  async close(ctx: TenantContext, ids: readonly string[], at: Date) {
    await closeVersioned(this.db, TABLE, ctx, ids, at);
  }

  async liveMembers(ctx: TenantContext, networkId: string, type: MemberType, ids: readonly string[], lock = false) {
    const s = tenantScope('m', ctx, null);
    const rows = await this.db.query<{ id: string }>(
      `SELECT m.id FROM ${MEMBER_TABLE[type]} m
       WHERE ${s.where} AND m.network_id = $2 AND m.id = ANY ($3::uuid[]) AND m.valid_to IS NULL ${lock ? 'FOR SHARE' : ''}`,
      [...s.params, networkId, ids],
    );
    return rows.map((r) => r.id);
  }

  withClosedMembers(ctx: TenantContext, networkId: string) {
    return this.db.query<DependencyRow>(
      `SELECT ${COLUMNS} FROM dependencies d
       WHERE ${tenantScope('d', ctx, null).where} AND d.network_id = $2 AND d.valid_to IS NULL
         AND EXISTS (SELECT 1 FROM unnest(d.member_ids) AS m(id) WHERE NOT EXISTS (
           SELECT 1 FROM services s WHERE d.member_type = 'Services' AND s.organization_id = $1 AND s.id = m.id AND s.valid_to IS NULL
           UNION ALL
           SELECT 1 FROM bindings b WHERE d.member_type = 'Bindings' AND b.organization_id = $1 AND b.id = m.id AND b.valid_to IS NULL))
       FOR UPDATE`,
      [ctx.organizationId, networkId],
    );
  }

  async forgetTag(ctx: TenantContext, tagId: string) {
    const s = tenantScope('', ctx, null);
    await this.db.execute(
      `UPDATE dependencies SET tags = array_remove(tags, $2) WHERE ${s.where} AND $2 = ANY (tags)`,
      [...s.params, tagId],
    );
  }

  async serviceExists(ctx: TenantContext, serviceId: string) {
    const s = tenantScope('s', ctx);
    const row = await this.db.one(`SELECT 1 FROM services s WHERE ${s.where} AND s.id = $3 AND s.valid_to IS NULL`, [
      ...s.params,
      serviceId,
    ]);
    return row !== undefined;
  }
}
