import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { ScheduleFields, ScheduleRepository, ScheduleRow } from '../domain/schedule';

const COLUMNS = `s.id, s.organization_id, s.network_id, s.name, s.cron, s.targets, s.ports, s.snmp, s.timeout_ms, s.concurrency,
  s.enabled, s.next_run_at, s.last_run_id, s.created_by, s.created_at, s.updated_at`;

@Injectable()
export class PgScheduleRepository implements ScheduleRepository {
  constructor(private readonly db: Database) {}

  async create(ctx: TenantContext, networkId: string, f: ScheduleFields) {
    const row = await this.db.one<ScheduleRow>(
      `INSERT INTO discovery_schedules AS s (organization_id, network_id, name, cron, targets, ports, snmp, timeout_ms, concurrency,
         enabled, next_run_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
      [
        ctx.organizationId,
        networkId,
        f.name,
        f.cron,
        f.targets,
        JSON.stringify(f.ports),
        f.snmp,
        f.timeout_ms,
        f.concurrency,
        f.enabled,
        f.next_run_at,
        ctx.userId,
      ],
    );
    return row!;
  }

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const scope = tenantScope('s', ctx);
    const params = [...scope.params, filter.networkId ?? null];
    const where = `${scope.where} AND ($3::uuid IS NULL OR s.network_id = $3)`;
    const items = await this.db.query<ScheduleRow>(
      `SELECT ${COLUMNS} FROM discovery_schedules s WHERE ${where} ORDER BY s.created_at, s.id LIMIT $4 OFFSET $5`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM discovery_schedules s WHERE ${where}`,
      params,
    );
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string) {
    const scope = tenantScope('s', ctx);
    return this.db.one<ScheduleRow>(`SELECT ${COLUMNS} FROM discovery_schedules s WHERE ${scope.where} AND s.id = $3`, [
      ...scope.params,
      id,
    ]);
  }

  async delete(ctx: TenantContext, id: string) {
    const scope = tenantScope('s', ctx);
    const touched = await this.db.execute(`DELETE FROM discovery_schedules AS s WHERE ${scope.where} AND s.id = $3`, [
      ...scope.params,
      id,
    ]);
    return touched > 0;
  }

  lockDue(now: Date) {
    return this.db.query<ScheduleRow>(
      `SELECT ${COLUMNS} FROM discovery_schedules s WHERE s.enabled AND s.next_run_at <= $1
       ORDER BY s.next_run_at LIMIT 100 FOR UPDATE SKIP LOCKED`,
      [now],
    );
  }

  async advance(ctx: TenantContext, id: string, nextRunAt: Date, lastRunId: string | null) {
    const scope = tenantScope('s', ctx);
    await this.db.execute(
      `UPDATE discovery_schedules AS s SET next_run_at = $4, last_run_id = COALESCE($5, s.last_run_id), updated_at = now()
       WHERE ${scope.where} AND s.id = $3`,
      [...scope.params, id, nextRunAt, lastRunId],
    );
  }
}
