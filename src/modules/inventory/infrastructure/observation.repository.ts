import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { closeVersioned, insertVersioned, updateVersioned, writeInstant } from '../../../common/database/versioned';
import type { IngestPlan, IngestTable, NetworkSnapshot, ObservationStore, Sighting } from '../domain/observation';
import { changeOf } from './host-writer.repository';
import { TABLES } from './tables';

const INGEST_TABLES: IngestTable[] = ['ip_addresses', 'ports', 'services', 'bindings', 'interfaces'];

/** The set-based side of ingest: one read per table, then a fixed number of statements per table. */
@Injectable()
export class PgObservationStore implements ObservationStore {
  constructor(private readonly db: Database) {}

  /** Looks across organizations on purpose: the service refuses a run that is not the caller's. */
  async findRun(discoveryId: string): Promise<{ organizationId: string; networkId: string } | undefined> {
    const rows = await this.db.query<{ organization_id: string; network_id: string }>(
      `SELECT organization_id, network_id FROM discovery_runs WHERE id = $1`,
      [discoveryId],
    );
    return rows[0] && { organizationId: rows[0].organization_id, networkId: rows[0].network_id };
  }

  /** Ingests of one network queue behind each other for the rest of the transaction. */
  async lockNetwork(ctx: TenantContext, networkId: string): Promise<Date> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `ingest:${ctx.organizationId}:${networkId}`,
    ]);
    return writeInstant(this.db);
  }

  /** Sequential reads: they share the transaction's one connection. */
  async snapshot(ctx: TenantContext, networkId: string): Promise<NetworkSnapshot> {
    const s = tenantScope('', ctx);
    const live = `${s.where} AND network_id = $3 AND valid_to IS NULL`;
    const read = <T>(sql: string) => this.db.query<T>(sql, [...s.params, networkId]);
    return {
      subnets: await read(`SELECT id, cidr::text AS cidr FROM subnets WHERE ${live}`),
      hosts: await read(`SELECT id, name, hostname FROM hosts WHERE ${live}`),
      ip_addresses: await read(
        `SELECT id, host_id, host(ip_address) AS ip_address, mac_address FROM ip_addresses WHERE ${live}`,
      ),
      ports: await read(`SELECT id, host_id, number, protocol FROM ports WHERE ${live}`),
      services: await read(`SELECT id, host_id, name FROM services WHERE ${live}`),
      bindings: await read(`SELECT id, host_id, service_id, port_id FROM bindings WHERE ${live}`),
      interfaces: await read(
        `SELECT id, host_id, if_index, if_name, if_descr, if_alias, mac_address, neighbor FROM interfaces WHERE ${live}`,
      ),
    };
  }

  async apply(ctx: TenantContext, networkId: string, plan: IngestPlan, at: Date, sighting: Sighting): Promise<void> {
    const base = { network_id: networkId, first_discovery_id: sighting.discoveryId };
    const newHosts = plan.newHosts.map((host) => ({ ...base, ...host }));
    await insertVersioned(this.db, TABLES.hosts, ctx, newHosts, at);
    const hostChanges = plan.hostChanges.map((row) => changeOf(TABLES.hosts, row));
    await updateVersioned(this.db, TABLES.hosts, ctx, hostChanges, at);
    await this.markSeen('hosts', ctx, plan.seenHosts, sighting);
    for (const table of INGEST_TABLES) {
      const changes = plan.children[table];
      const inserts = changes.inserts.map((row) => ({ ...base, ...row }));
      await insertVersioned(this.db, TABLES[table], ctx, inserts, at);
      const updates = changes.changes.map((row) => changeOf(TABLES[table], row));
      await updateVersioned(this.db, TABLES[table], ctx, updates, at);
      await closeVersioned(this.db, TABLES[table], ctx, changes.closes, at);
      await this.markSeen(table, ctx, changes.seen, sighting);
    }
  }

  /** Seeing a row again moves its last_seen_at in place: no new version. */
  private async markSeen(table: string, ctx: TenantContext, ids: readonly string[], sighting: Sighting): Promise<void> {
    if (ids.length === 0) return;
    const s = tenantScope('t', ctx);
    await this.db.execute(
      `UPDATE ${table} t SET last_seen_at = GREATEST(t.last_seen_at, $4), last_discovery_id = $5
       WHERE ${s.where} AND t.id = ANY ($3::uuid[]) AND t.valid_to IS NULL`,
      [...s.params, ids, sighting.observedAt, sighting.discoveryId],
    );
  }
}
