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
  updateVersioned,
  validAt,
  writeInstant,
} from '../../../common/database/versioned';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { Subnet, SubnetFields, SubnetRepository } from '../domain/subnet';
import { TABLES } from './tables';

const SUBNETS = TABLES.subnets;

@Injectable()
export class PgSubnetRepository implements SubnetRepository {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, filter: { networkId?: string; at?: Date }, page: PageRequest) {
    const s = tenantScope('s', ctx);
    const where = `${s.where} AND ($3::uuid IS NULL OR s.network_id = $3) AND ${validAt('s', '$4')}`;
    const params = [...s.params, filter.networkId ?? null, filter.at ?? null];
    const items = await this.db.query<Subnet>(
      `SELECT ${liveId('s')} AS id, ${SUBNETS.columns} FROM subnets s WHERE ${where}
       ORDER BY s.network_id, s.cidr, ${liveId('s')} LIMIT $5 OFFSET $6`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM subnets s WHERE ${where}`, params);
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, ids: readonly string[], at?: Date) {
    return findAsOf<Subnet>(this.db, SUBNETS, ctx, ids, at);
  }

  lock(ctx: TenantContext, id: string) {
    return lockLive<Subnet>(this.db, SUBNETS, ctx, id);
  }

  history(ctx: TenantContext, id: string) {
    return history<Subnet>(this.db, SUBNETS, ctx, id, 'subnet');
  }

  async create(ctx: TenantContext, networkId: string, fields: SubnetFields) {
    const at = await writeInstant(this.db);
    const [id] = await insertVersioned(this.db, SUBNETS, ctx, [{ network_id: networkId, ...fields }], at);
    return (await this.find(ctx, [id]))[0];
  }

  async update(ctx: TenantContext, id: string, fields: SubnetFields) {
    const at = await writeInstant(this.db);
    await updateVersioned(this.db, SUBNETS, ctx, [{ id, ...fields }], at);
    return at;
  }

  async close(ctx: TenantContext, id: string) {
    const at = await writeInstant(this.db);
    await closeVersioned(this.db, SUBNETS, ctx, [id], at);
    return at;
  }

  async inUse(ctx: TenantContext, id: string) {
    const s = tenantScope('i', ctx, null);
    const row = await this.db.one(
      `SELECT 1 FROM ip_addresses i WHERE ${s.where} AND i.subnet_id = $2 AND i.valid_to IS NULL LIMIT 1`,
      [...s.params, id],
    );
    return row !== undefined;
  }
}
