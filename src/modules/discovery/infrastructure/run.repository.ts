import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { PageRequest, sqlLimit } from '../../../common/http/pagination';
import type { RunDiagnostic } from '../domain/diagnostic';
import type { EventType, Progress, RunEvent, RunRepository, RunRow, RunSettings, RunStatus } from '../domain/run';

const COLUMNS = `r.id, r.organization_id, r.network_id, r.schedule_id, r.status, r.targets, r.ports, r.snmp, r.timeout_ms,
  r.concurrency, r.targets_total, r.targets_done, r.hosts_found, r.error, r.attempts, r.created_by, r.created_at,
  r.started_at, r.finished_at`;
/** $1 organization, $2 accessible networks (null = all), $3 run id. */
function thisRun(ctx: TenantContext, id: string) {
  const scope = tenantScope('r', ctx);
  return { where: `${scope.where} AND r.id = $3`, params: [...scope.params, id] };
}
const PROGRESS = `jsonb_build_object('targets_total', r.targets_total, 'targets_done', r.targets_done, 'hosts_found', r.hosts_found)`;
/** The finished event of the run(s) just updated in CTE `done`. */
const FINISHED_EVENT = `INSERT INTO discovery_run_events (organization_id, run_id, type, data)
  SELECT organization_id, id, 'finished', jsonb_build_object('status', status, 'error', error, 'progress', progress) FROM done`;

@Injectable()
export class PgRunRepository implements RunRepository {
  constructor(private readonly db: Database) {}

  async create(ctx: TenantContext, networkId: string, s: RunSettings, targetsTotal: number, scheduleId?: string) {
    const row = await this.db.one<RunRow>(
      `INSERT INTO discovery_runs AS r (organization_id, network_id, schedule_id, targets, ports, snmp, timeout_ms, concurrency,
         targets_total, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULLIF($10, '')::uuid) RETURNING ${COLUMNS}`,
      [
        ctx.organizationId,
        networkId,
        scheduleId ?? null,
        s.targets,
        JSON.stringify(s.ports),
        s.snmp,
        s.timeout_ms,
        s.concurrency,
        targetsTotal,
        ctx.userId,
      ],
    );
    return row!;
  }

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const scope = tenantScope('r', ctx);
    const params = [...scope.params, filter.networkId ?? null];
    const where = `${scope.where} AND ($3::uuid IS NULL OR r.network_id = $3)`;
    const items = await this.db.query<RunRow>(
      `SELECT ${COLUMNS} FROM discovery_runs r WHERE ${where} ORDER BY r.created_at DESC, r.id LIMIT $4 OFFSET $5`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM discovery_runs r WHERE ${where}`,
      params,
    );
    return { items, total: count!.n };
  }

  find(ctx: TenantContext, id: string) {
    const run = thisRun(ctx, id);
    return this.db.one<RunRow>(`SELECT ${COLUMNS} FROM discovery_runs r WHERE ${run.where}`, run.params);
  }

  async cancel(ctx: TenantContext, id: string) {
    const run = thisRun(ctx, id);
    const rows = await this.db.query<RunRow>(
      `WITH done AS (
         UPDATE discovery_runs AS r SET status = 'cancelled', finished_at = now(), updated_at = now()
         WHERE ${run.where} AND r.status IN ('queued', 'running')
         RETURNING ${COLUMNS}, ${PROGRESS} AS progress),
       event AS (${FINISHED_EVENT})
       SELECT * FROM done`,
      run.params,
    );
    return rows[0];
  }

  claim(ctx: TenantContext, id: string) {
    const run = thisRun(ctx, id);
    return this.db.one<RunRow>(
      `UPDATE discovery_runs AS r SET status = 'running', attempts = attempts + 1, heartbeat_at = now(),
         started_at = COALESCE(started_at, now()), updated_at = now()
       WHERE ${run.where} AND r.status = 'queued' RETURNING ${COLUMNS}`,
      run.params,
    );
  }

  async heartbeat(ctx: TenantContext, id: string) {
    const run = thisRun(ctx, id);
    const row = await this.db.one<{ status: RunStatus }>(
      `WITH beat AS (UPDATE discovery_runs AS r SET heartbeat_at = now() WHERE ${run.where} AND r.status = 'running' RETURNING r.status)
       SELECT COALESCE((SELECT status FROM beat), (SELECT r.status FROM discovery_runs r WHERE ${run.where})) AS status`,
      run.params,
    );
    return row?.status ?? undefined;
  }

  async progress(ctx: TenantContext, id: string, p: Progress) {
    const run = thisRun(ctx, id);
    const touched = await this.db.execute(
      `WITH done AS (
         UPDATE discovery_runs AS r SET targets_done = GREATEST(r.targets_done, $4), hosts_found = GREATEST(r.hosts_found, $5), heartbeat_at = now(), updated_at = now()
         WHERE ${run.where} AND r.status = 'running' RETURNING r.organization_id, r.id, ${PROGRESS} AS progress)
       INSERT INTO discovery_run_events (organization_id, run_id, type, data) SELECT organization_id, id, 'progress', progress FROM done`,
      [...run.params, p.targets_done, p.hosts_found],
    );
    return touched > 0;
  }

  hostsFound(ctx: TenantContext, id: string, events: object[]) {
    return this.addEvents(ctx, id, 'host_found', events);
  }

  addDiagnostics(ctx: TenantContext, id: string, diagnostics: RunDiagnostic[]) {
    return this.addEvents(ctx, id, 'diagnostic', diagnostics);
  }

  private async addEvents(ctx: TenantContext, id: string, type: EventType, events: object[]) {
    const run = thisRun(ctx, id);
    if (events.length === 0) return;
    await this.db.execute(
      `INSERT INTO discovery_run_events (organization_id, run_id, type, data)
       SELECT r.organization_id, r.id, $5, e.data
       FROM discovery_runs r, jsonb_array_elements($4::jsonb) WITH ORDINALITY AS e(data, n)
       WHERE ${run.where} AND r.status = 'running' ORDER BY e.n`,
      [...run.params, JSON.stringify(events), type],
    );
  }

  async diagnostics(ctx: TenantContext, id: string, filter: { hostId?: string }, page: PageRequest) {
    const run = thisRun(ctx, id);
    const params = [...run.params, filter.hostId ?? null];
    const from = `FROM discovery_run_events e JOIN discovery_runs r ON r.id = e.run_id AND r.organization_id = e.organization_id
       WHERE ${run.where} AND e.organization_id = $1 AND e.type = 'diagnostic' AND ($4::text IS NULL OR e.data->>'host_id' = $4)`;
    const items = await this.db.query<{ data: RunDiagnostic }>(
      `SELECT e.data ${from} ORDER BY e.id LIMIT $5 OFFSET $6`,
      [...params, sqlLimit(page), page.offset],
    );
    const count = await this.db.one<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
    return { items: items.map((row) => row.data), total: count!.n };
  }

  async finish(ctx: TenantContext, id: string, status: RunStatus, error: string | null) {
    const run = thisRun(ctx, id);
    const rows = await this.db.query(
      `WITH done AS (
         UPDATE discovery_runs AS r SET status = $4, error = $5, finished_at = now(), updated_at = now()
         WHERE ${run.where} AND r.status = 'running'
         RETURNING r.organization_id, r.id, r.status, r.error, ${PROGRESS} AS progress),
       event AS (${FINISHED_EVENT})
       SELECT id FROM done`,
      [...run.params, status, error],
    );
    return rows.length > 0;
  }

  async requeue(ctx: TenantContext, id: string, giveBackAttempt: boolean) {
    const run = thisRun(ctx, id);
    const touched = await this.db.execute(
      `UPDATE discovery_runs AS r SET status = 'queued', heartbeat_at = NULL, updated_at = now(),
         attempts = CASE WHEN $4 THEN r.attempts - 1 ELSE r.attempts END
       WHERE ${run.where} AND r.status = 'running'`,
      [...run.params, giveBackAttempt],
    );
    return touched > 0;
  }

  events(ctx: TenantContext, runId: string, afterId: string) {
    const run = thisRun(ctx, runId);
    return this.db.query<RunEvent>(
      `SELECT e.id::text, e.type, e.data FROM discovery_run_events e JOIN discovery_runs r ON r.id = e.run_id AND r.organization_id = e.organization_id
       WHERE ${run.where} AND e.id > $4::bigint ORDER BY e.id LIMIT 1000`,
      [...run.params, afterId],
    );
  }

  stalled(before: Date) {
    return this.db.query<{
      run_id: string;
      organization_id: string;
      network_id: string;
      created_by: string | null;
      attempts: number;
    }>(
      `SELECT id AS run_id, organization_id, network_id, created_by, attempts FROM discovery_runs
       WHERE status = 'running' AND heartbeat_at < $1 ORDER BY heartbeat_at LIMIT 100`,
      [before],
    );
  }
}
