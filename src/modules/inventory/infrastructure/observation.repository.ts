import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { closeVersioned, insertVersioned, updateVersioned, writeInstant } from '../../../common/database/versioned';
import type {
  IngestPlan,
  IngestTable,
  LookupKeys,
  NetworkSnapshot,
  ObservationStore,
  Sighting,
} from '../domain/observation';
import { changeOf } from './host-writer.repository';
import { IDENTITY_COLUMNS, TABLES } from './tables';

/**
 * SQL for links/neighbor-index.ts's shortName of a column when the name is ASCII only (JavaScript's trim
 * and toLowerCase agree with btrim and lower there), else null: names with other characters are read
 * whatever their short name (`IS NULL`), and the plan compares them itself. Migration 1763900000011
 * indexes it for name and hostname.
 */
const shortName = (column: string) =>
  `(CASE WHEN octet_length(${column}) = char_length(${column}) THEN lower(split_part(btrim(${column}, E' \\t\\n\\r\\f\\x0b'), '.', 1) COLLATE "C") END)`;
const byShortName = (column: string) => `${shortName(column)} = ANY ($6::text[]) OR ${shortName(column)} IS NULL`;

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

  /**
   * The live rows the batch can match, not the whole network: the hosts its keys find (by address or MAC
   * of an address or interface, or by short name), all their live children, and the live interfaces that
   * name one of their interfaces as neighbour. Reads run in sequence (the transaction has one connection);
   * each returns its rows in storage order (ctid), the order a read of the whole network returned them
   * in, so that lookups where the last or first of several equal keys wins pick the same row as before.
   */
  async snapshot(ctx: TenantContext, networkId: string, keys: LookupKeys): Promise<NetworkSnapshot> {
    const subnets = await this.db.query<{ id: string; cidr: string }>(
      `SELECT s.id, s.cidr::text AS cidr FROM subnets s
       WHERE ${tenantScope('s', ctx).where} AND s.network_id = $3 AND s.valid_to IS NULL ORDER BY s.ctid`,
      [...tenantScope('s', ctx).params, networkId],
    );
    const found = await this.db.query<{ host_id: string }>(
      `SELECT i.host_id FROM ip_addresses i
       WHERE ${tenantScope('i', ctx).where} AND i.network_id = $3 AND i.valid_to IS NULL AND i.ip_address = ANY ($4::inet[])
       UNION
       SELECT m.host_id FROM ip_addresses m
       WHERE ${tenantScope('m', ctx).where} AND m.network_id = $3 AND m.valid_to IS NULL
         AND m.mac_address <> '' AND m.mac_address = ANY ($5::text[])
       UNION
       SELECT f.host_id FROM interfaces f
       WHERE ${tenantScope('f', ctx).where} AND f.network_id = $3 AND f.valid_to IS NULL
         AND f.mac_address <> '' AND f.mac_address = ANY ($5::text[])
       UNION
       SELECT h.id FROM hosts h
       WHERE ${tenantScope('h', ctx).where} AND h.network_id = $3 AND h.valid_to IS NULL
         AND (${byShortName('h.name')} OR ${byShortName('h.hostname')})`,
      [...tenantScope('', ctx).params, networkId, keys.ips, keys.macs, keys.names],
    );
    const hostIds = found.map((row) => row.host_id);
    const read = <T>(table: string, columns: string) => {
      const s = tenantScope('c', ctx);
      return this.db.query<T>(
        `SELECT ${columns} FROM ${table} c
         WHERE ${s.where} AND c.network_id = $3 AND c.valid_to IS NULL AND c.host_id = ANY ($4::uuid[])
         ORDER BY c.ctid`,
        [...s.params, networkId, hostIds],
      );
    };
    const hs = tenantScope('h', ctx);
    const hosts = await this.db.query<NetworkSnapshot['hosts'][number]>(
      `SELECT h.id, h.name, h.hostname, h.virtualization, ${IDENTITY_COLUMNS('h')} FROM hosts h
       WHERE ${hs.where} AND h.network_id = $3 AND h.valid_to IS NULL AND h.id = ANY ($4::uuid[]) ORDER BY h.ctid`,
      [...hs.params, networkId, hostIds],
    );
    const interfaceColumns =
      'c.id, c.host_id, c.if_index, c.if_name, c.if_descr, c.if_alias, c.mac_address, c.neighbor';
    const interfaces = await read<NetworkSnapshot['interfaces'][number]>('interfaces', interfaceColumns);
    // the interfaces of other hosts that point at one of these: a report of that port may unlink them
    const p = tenantScope('c', ctx);
    const pointing = await this.db.query<NetworkSnapshot['interfaces'][number]>(
      `SELECT ${interfaceColumns} FROM interfaces c
       WHERE ${p.where} AND c.network_id = $3 AND c.valid_to IS NULL AND c.neighbor IS NOT NULL
         AND c.neighbor->>'interface_id' = ANY ($4::text[]) AND NOT (c.host_id = ANY ($5::uuid[]))
       ORDER BY c.ctid`,
      [...p.params, networkId, interfaces.map((i) => i.id), hostIds],
    );
    return {
      subnets,
      hosts,
      ip_addresses: await read('ip_addresses', 'c.id, c.host_id, host(c.ip_address) AS ip_address, c.mac_address'),
      ports: await read('ports', 'c.id, c.host_id, c.number, c.protocol'),
      services: await read('services', 'c.id, c.host_id, c.name'),
      bindings: await read('bindings', 'c.id, c.host_id, c.service_id, c.port_id'),
      interfaces: [...interfaces, ...pointing],
    };
  }

  /**
   * New rows are inserted already seen (last_seen_at and last_discovery_id set), so only rows that were
   * live before the batch are marked seen afterwards: a new row is written once, not inserted then updated.
   */
  async apply(ctx: TenantContext, networkId: string, plan: IngestPlan, at: Date, sighting: Sighting): Promise<void> {
    const shared = {
      network_id: networkId,
      first_discovery_id: sighting.discoveryId,
      last_seen_at: sighting.observedAt,
      last_discovery_id: sighting.discoveryId,
    };
    await insertVersioned(this.db, TABLES.hosts, ctx, plan.newHosts, at, shared);
    const hostChanges = plan.hostChanges.map((row) => changeOf(TABLES.hosts, row));
    await updateVersioned(this.db, TABLES.hosts, ctx, hostChanges, at);
    await this.markSeen('hosts', ctx, seenBefore(plan.seenHosts, plan.newHosts), sighting);
    for (const table of INGEST_TABLES) {
      const changes = plan.children[table];
      await insertVersioned(this.db, TABLES[table], ctx, changes.inserts, at, shared);
      const updates = changes.changes.map((row) => changeOf(TABLES[table], row));
      await updateVersioned(this.db, TABLES[table], ctx, updates, at);
      await closeVersioned(this.db, TABLES[table], ctx, changes.closes, at);
      await this.markSeen(table, ctx, seenBefore(changes.seen, changes.inserts), sighting);
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

/** The ids seen that were live before the batch (not among its inserts). */
function seenBefore(seen: readonly string[], inserted: readonly { id: string }[]): string[] {
  const insertedIds = new Set(inserted.map((row) => row.id));
  return seen.filter((id) => !insertedIds.has(id));
}
