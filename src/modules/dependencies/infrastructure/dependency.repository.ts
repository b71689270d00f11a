import { Injectable } from '@nestjs/common';
import { networkScope, TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { closeVersioned, updateVersioned, validAt, VersionedTable, writeInstant } from '../../../common/database/scd2';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type {
  DependencyFields,
  DependencyFilter,
  DependencyRepository,
  DependencyRow,
  MemberType,
} from '../domain/dependency';

const TABLE: VersionedTable = {
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
  fixed: ['organization_id', 'network_id', 'source', 'created_at'],
};

const COLUMNS = `COALESCE(d.lineage_id, d.id) AS id, d.organization_id, d.network_id, d.name, d.description, d.color, d.dependency_type,
  d.edge_style, d.member_type, d.member_ids, d.tags, d.source, d.created_at, d.updated_at, d.valid_from, d.valid_to, d.lineage_id`;
/** $1 organization, $2 accessible networks (null = all), $3 as-of instant (null = live). */
const SCOPE = `d.organization_id = $1 AND ($2::uuid[] IS NULL OR d.network_id = ANY ($2::uuid[])) AND ${validAt('d', '$3')}`;
const MEMBER_TABLE: Record<MemberType, string> = { Services: 'services', Bindings: 'bindings' };

@Injectable()
export class PgDependencyRepository implements DependencyRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: DependencyFilter, page: PageRequest) {
    const params = [
      ctx.organizationId,
      networkScope(ctx),
      filter.at ?? null,
      filter.networkId ?? null,
      filter.tagIds ?? null,
      filter.serviceId ?? null,
    ];
    const where = `${SCOPE} AND ($4::uuid IS NULL OR d.network_id = $4) AND ($5::uuid[] IS NULL OR d.tags && $5::uuid[])
      AND ($6::uuid IS NULL OR $6 = ANY (d.member_ids) OR d.member_ids && ARRAY(
        SELECT b.id FROM bindings b WHERE b.organization_id = d.organization_id AND b.service_id = $6 AND ${validAt('b', '$3')}))`;
    const items = await this.db.query<DependencyRow>(
      `SELECT ${COLUMNS} FROM dependencies d WHERE ${where} ORDER BY d.created_at, COALESCE(d.lineage_id, d.id) LIMIT $7 OFFSET $8`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM dependencies d WHERE ${where}`,
      params,
    );
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string, at?: Date) {
    return this.db.one<DependencyRow>(
      `SELECT ${COLUMNS} FROM dependencies d WHERE ${SCOPE} AND COALESCE(d.lineage_id, d.id) = $4`,
      [ctx.organizationId, networkScope(ctx), at ?? null, id],
    );
  }

  lock(ctx: TenantContext, id: string) {
    return this.db.one<DependencyRow>(`SELECT ${COLUMNS} FROM dependencies d WHERE ${SCOPE} AND d.id = $4 FOR UPDATE`, [
      ctx.organizationId,
      networkScope(ctx),
      null,
      id,
    ]);
  }

  instant() {
    return writeInstant(this.db);
  }

  async create(ctx: TenantContext, networkId: string, fields: DependencyFields, at: Date) {
    const row = await this.db.one<{ id: string }>(
      `INSERT INTO dependencies (organization_id, network_id, name, description, color, dependency_type, edge_style, member_type,
         member_ids, tags, created_at, updated_at, valid_from)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $11) RETURNING id`,
      [
        ctx.organizationId,
        networkId,
        fields.name,
        fields.description,
        fields.color,
        fields.dependency_type,
        fields.edge_style,
        fields.member_type,
        fields.member_ids,
        fields.tags,
        at,
      ],
    );
    return row!.id;
  }

  async update(ctx: TenantContext, id: string, fields: DependencyFields, at: Date) {
    await updateVersioned(this.db, TABLE, ctx.organizationId, [{ id, ...fields }], at);
  }

  async close(ctx: TenantContext, ids: readonly string[], at: Date) {
    await closeVersioned(this.db, TABLE, ctx.organizationId, ids, at);
  }

  async liveMembers(ctx: TenantContext, networkId: string, type: MemberType, ids: readonly string[], lock = false) {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM ${MEMBER_TABLE[type]} WHERE organization_id = $1 AND network_id = $2 AND id = ANY ($3::uuid[]) AND valid_to IS NULL
       ${lock ? 'FOR SHARE' : ''}`,
      [ctx.organizationId, networkId, ids],
    );
    return rows.map((r) => r.id);
  }

  withClosedMembers(ctx: TenantContext, networkId: string) {
    return this.db.query<DependencyRow>(
      `SELECT ${COLUMNS} FROM dependencies d
       WHERE d.organization_id = $1 AND d.network_id = $2 AND d.valid_to IS NULL
         AND EXISTS (SELECT 1 FROM unnest(d.member_ids) AS m(id) WHERE NOT EXISTS (
           SELECT 1 FROM services s WHERE d.member_type = 'Services' AND s.organization_id = $1 AND s.id = m.id AND s.valid_to IS NULL
           UNION ALL
           SELECT 1 FROM bindings b WHERE d.member_type = 'Bindings' AND b.organization_id = $1 AND b.id = m.id AND b.valid_to IS NULL))
       FOR UPDATE`,
      [ctx.organizationId, networkId],
    );
  }

  async serviceExists(ctx: TenantContext, serviceId: string) {
    const row = await this.db.one(
      `SELECT 1 FROM services s WHERE s.organization_id = $1 AND ($2::uuid[] IS NULL OR s.network_id = ANY ($2::uuid[])) AND s.id = $3 AND s.valid_to IS NULL`,
      [ctx.organizationId, networkScope(ctx), serviceId],
    );
    return row !== undefined;
  }
}
