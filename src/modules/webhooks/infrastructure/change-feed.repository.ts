import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import type { ChangeFeed, HostWrite, InterfaceWrite, StaleHost } from '../domain/change-feed';
import type { NewEvent, OutboundEvent, StoredEvent } from '../domain/event';
import { DEFAULT_STALE_AFTER_HOURS } from '../../tenancy';

/** When a host became stale: its last sighting plus its network's threshold (as the host list says). */
const STALE_SINCE = `h.last_seen_at + make_interval(hours => COALESCE(n.stale_after_hours, ${DEFAULT_STALE_AFTER_HOURS}))`;

const EVENT_COLUMNS = `e.seq::text AS seq, e.id, e.type, e.organization_id, e.network_id, e.data,
  to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at`;

/** Tables whose rows belong to one host: a version of one at the write's instant changes the host. */
const HOST_CHILDREN = ['host_tags', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'];

/**
 * Host h has a row of `table` versioned at $4: live since then (through `*_live_idx`) or closed then
 * (through `*_history_idx`), both found by the host, whatever the planner's statistics say (a big first
 * ingest runs before any ANALYZE).
 */
const versionedAt = (table: string) =>
  `EXISTS (SELECT 1 FROM ${table} c WHERE c.organization_id = h.organization_id AND c.host_id = h.id
     AND c.lineage_id IS NULL AND c.valid_to IS NULL AND c.valid_from = $4)
   OR EXISTS (SELECT 1 FROM ${table} c WHERE c.organization_id = h.organization_id AND c.host_id = h.id
     AND c.lineage_id IS NULL AND c.valid_to = $4)`;

@Injectable()
export class PgChangeFeed implements ChangeFeed {
  constructor(private readonly db: Database) {}

  /** All of a write's events in one statement, in the order given (their seq follows it). */
  async record(ctx: TenantContext, events: readonly NewEvent[]) {
    if (events.length === 0) return [];
    const scope = tenantScope('n', ctx, 'id');
    const rows = await this.db.query<StoredEvent>(
      `INSERT INTO events AS e (organization_id, network_id, type, data)
       SELECT n.organization_id, n.id, x.type, x.data
       FROM jsonb_to_recordset($3::jsonb) AS x (i integer, network_id uuid, type text, data jsonb)
       JOIN networks n ON n.id = x.network_id
       WHERE ${scope.where} ORDER BY x.i
       RETURNING ${EVENT_COLUMNS}`,
      [
        ...scope.params,
        JSON.stringify(events.map((e, i) => ({ i, network_id: e.networkId, type: e.type, data: e.data }))),
      ],
    );
    return rows.map(({ seq: _seq, ...outbound }) => outbound as OutboundEvent);
  }

  after(ctx: TenantContext, afterSeq: string, limit: number) {
    const scope = tenantScope('e', ctx);
    return this.db.query<StoredEvent>(
      `SELECT ${EVENT_COLUMNS} FROM events e WHERE ${scope.where} AND e.seq > $3 ORDER BY e.seq LIMIT $4`,
      [...scope.params, afterSeq, limit],
    );
  }

  async latestSeq(ctx: TenantContext) {
    const scope = tenantScope('e', ctx, null);
    const row = await this.db.one<{ seq: string }>(
      `SELECT coalesce(max(e.seq), 0)::text AS seq FROM events e WHERE ${scope.where}`,
      scope.params,
    );
    return row!.seq;
  }

  hostWrites(ctx: TenantContext, networkId: string, at: Date, hostIds: readonly string[]) {
    const scope = tenantScope('h', ctx);
    return this.db.query<HostWrite>(
      `SELECT h.id, h.name, h.hostname,
         CASE WHEN h.valid_to = $4 THEN 'deleted' WHEN h.created_at = $4 THEN 'created' ELSE 'changed' END AS change
       FROM hosts h
       WHERE ${scope.where} AND h.id = ANY ($5::uuid[]) AND h.network_id = $3 AND h.lineage_id IS NULL
         AND (h.valid_to IS NULL OR h.valid_to = $4)
         AND (h.valid_from = $4 OR h.valid_to = $4 OR ${HOST_CHILDREN.map(versionedAt).join(' OR ')})
       ORDER BY h.created_at, h.id`,
      [...scope.params, networkId, at, hostIds],
    );
  }

  async interfaceWrites(ctx: TenantContext, at: Date, hostIds: readonly string[]) {
    const scope = tenantScope('i', ctx);
    const rows = await this.db.query<{
      host_id: string;
      interface_id: string;
      was: InterfaceWrite['was'];
      now: InterfaceWrite['now'];
    }>(
      // Live since $3 (through interfaces_live_idx), with the neighbour of the version it replaced (its
      // history copy, through interfaces_history_idx); then those closed at $3 (interfaces_history_idx).
      `SELECT i.host_id, i.id AS interface_id, i.neighbor AS now,
         (SELECT p.neighbor FROM interfaces p WHERE p.organization_id = i.organization_id AND p.host_id = i.host_id
            AND p.lineage_id = i.id AND p.valid_to = $3) AS was
       FROM interfaces i
       WHERE ${scope.where} AND i.host_id = ANY ($4::uuid[]) AND i.lineage_id IS NULL
         AND i.valid_to IS NULL AND i.valid_from = $3
       UNION ALL
       SELECT i.host_id, i.id, NULL, i.neighbor
       FROM interfaces i
       WHERE ${scope.where} AND i.host_id = ANY ($4::uuid[]) AND i.lineage_id IS NULL
         AND i.valid_to = $3
       ORDER BY interface_id`,
      [...scope.params, at, hostIds],
    );
    const end = (n: InterfaceWrite['was']) => n && { host_id: n.host_id, interface_id: n.interface_id };
    return rows.map((row) => ({ ...row, was: end(row.was), now: end(row.now) }));
  }

  becameStale(since: Date, until: Date) {
    return this.db.query<StaleHost>(
      `SELECT h.organization_id, h.network_id, h.id, h.name, h.last_seen_at, ${STALE_SINCE} AS stale_since
       FROM hosts h JOIN networks n ON n.organization_id = h.organization_id AND n.id = h.network_id
       WHERE h.valid_to IS NULL AND h.lineage_id IS NULL AND ${STALE_SINCE} > $1 AND ${STALE_SINCE} <= $2
       ORDER BY h.organization_id, h.network_id, h.id`,
      [since, until],
    );
  }

  async checkpoint(name: string) {
    const row = await this.db.one<{ checked_until: Date }>(
      `SELECT checked_until FROM event_checkpoints WHERE name = $1 FOR UPDATE`,
      [name],
    );
    return row?.checked_until;
  }

  async moveCheckpoint(name: string, until: Date) {
    await this.db.execute(
      `INSERT INTO event_checkpoints (name, checked_until) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checked_until = GREATEST(event_checkpoints.checked_until, EXCLUDED.checked_until)`,
      [name, until],
    );
  }
}
