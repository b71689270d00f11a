import { Injectable } from '@nestjs/common';
import { networkScope, TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { closeVersioned, updateVersioned, validAt, writeInstant } from '../../../common/database/scd2';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { Subnet, SubnetFields, SubnetRepository } from '../domain/subnet';
import { TABLES } from './tables';

const COLUMNS = `COALESCE(s.lineage_id, s.id) AS id, s.organization_id, s.network_id, s.cidr::text AS cidr, s.name, s.description,
  s.created_at, s.updated_at, s.valid_from, s.valid_to, s.lineage_id`;
/** $1 organization, $2 accessible networks (null = all). */
const SCOPE = `s.organization_id = $1 AND ($2::uuid[] IS NULL OR s.network_id = ANY ($2::uuid[]))`;

@Injectable()
export class PgSubnetRepository implements SubnetRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: { networkId?: string; at?: Date }, page: PageRequest) {
    const where = `${SCOPE} AND ($3::uuid IS NULL OR s.network_id = $3) AND ${validAt('s', '$4')}`;
    const params = [ctx.organizationId, networkScope(ctx), filter.networkId ?? null, filter.at ?? null];
    const items = await this.db.query<Subnet>(
      `SELECT ${COLUMNS} FROM subnets s WHERE ${where} ORDER BY s.network_id, s.cidr, COALESCE(s.lineage_id, s.id) LIMIT $5 OFFSET $6`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM subnets s WHERE ${where}`, params);
    return { items, total: count!.n };
  }

  findLive(ctx: TenantContext, ids: readonly string[]) {
    return this.db.query<Subnet>(
      `SELECT ${COLUMNS} FROM subnets s WHERE ${SCOPE} AND s.valid_to IS NULL AND s.id = ANY ($3::uuid[])`,
      [ctx.organizationId, networkScope(ctx), ids],
    );
  }

  lock(ctx: TenantContext, id: string) {
    return this.db.one<Subnet>(
      `SELECT ${COLUMNS} FROM subnets s WHERE ${SCOPE} AND s.valid_to IS NULL AND s.id = $3 FOR UPDATE`,
      [ctx.organizationId, networkScope(ctx), id],
    );
  }

  async create(ctx: TenantContext, networkId: string, fields: SubnetFields) {
    const at = await writeInstant(this.db);
    const row = await this.db.one<{ id: string }>(
      `INSERT INTO subnets (organization_id, network_id, cidr, name, description, created_at, updated_at, valid_from)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $6) RETURNING id`,
      [ctx.organizationId, networkId, fields.cidr, fields.name, fields.description, at],
    );
    return (await this.findLive(ctx, [row!.id]))[0];
  }

  async update(ctx: TenantContext, id: string, fields: SubnetFields) {
    await updateVersioned(
      this.db,
      TABLES.subnets,
      ctx.organizationId,
      [{ id, ...fields }],
      await writeInstant(this.db),
    );
  }

  async close(ctx: TenantContext, id: string) {
    await closeVersioned(this.db, TABLES.subnets, ctx.organizationId, [id], await writeInstant(this.db));
  }

  async inUse(ctx: TenantContext, id: string) {
    const row = await this.db.one(
      `SELECT 1 FROM ip_addresses WHERE organization_id = $1 AND subnet_id = $2 AND valid_to IS NULL LIMIT 1`,
      [ctx.organizationId, id],
    );
    return row !== undefined;
  }
}
