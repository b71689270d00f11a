import { Injectable } from '@nestjs/common';
import { networkScope, TenantContext } from '../../../common/auth/tenant-context';
import { bulkInsert } from '../../../common/database/bulk-insert';
import { Database } from '../../../common/database/database';
import { closeVersioned, updateVersioned, VersionedTable, writeInstant } from '../../../common/database/scd2';
import type { ChildTable, HostDraft } from '../domain/host';
import type { HostWriter, LiveRef } from '../domain/host-writer';
import { newRowColumns, TABLES } from './tables';

type Row = { id: string } & Record<string, unknown>;

const FIXED_TYPES = {
  id: 'uuid',
  organization_id: 'uuid',
  network_id: 'uuid',
  host_id: 'uuid',
  service_id: 'uuid',
  tag_id: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  valid_from: 'timestamptz',
  first_discovery_id: 'uuid',
  last_discovery_id: 'uuid',
  last_seen_at: 'timestamptz',
};

export const typesOf = (table: VersionedTable) => ({ ...FIXED_TYPES, ...table.data });
const SCOPE = `organization_id = $1 AND ($2::uuid[] IS NULL OR network_id = ANY ($2::uuid[]))`;

/** The children of a draft as rows per table. */
export function childRows(draft: HostDraft): Record<ChildTable, Row[]> {
  return {
    ip_addresses: draft.ip_addresses.map((ip) => ({ ...ip })),
    ports: draft.ports.map((port) => ({ ...port })),
    services: draft.services.map(({ bindings: _bindings, ...service }) => ({ ...service })),
    bindings: draft.services.flatMap((service) =>
      service.bindings.map((binding) => ({ ...binding, service_id: service.id })),
    ),
    interfaces: draft.interfaces.map((iface) => ({ ...iface })),
  };
}

@Injectable()
export class PgHostWriter implements HostWriter {
  constructor(private readonly db: Database) {}

  lock(ctx: TenantContext, id: string) {
    return this.db.one<LiveRef>(
      `SELECT id, network_id FROM hosts WHERE ${SCOPE} AND id = $3 AND valid_to IS NULL FOR UPDATE`,
      [ctx.organizationId, networkScope(ctx), id],
    );
  }

  instant() {
    return writeInstant(this.db);
  }

  async create(ctx: TenantContext, id: string, draft: HostDraft, at: Date) {
    const base = newRowColumns(ctx.organizationId, draft.network_id, at);
    await bulkInsert(this.db, 'hosts', typesOf(TABLES.hosts), [{ id, ...base, ...hostColumns(draft) }]);
    await this.insertTags(ctx, id, draft, draft.tags, at);
    const rows = childRows(draft);
    for (const table of ['ip_addresses', 'ports', 'services', 'bindings', 'interfaces'] as const) {
      await this.insertChildren(table, rows[table], { ...base, host_id: id });
    }
  }

  async replace(ctx: TenantContext, id: string, draft: HostDraft, at: Date) {
    await updateVersioned(this.db, TABLES.hosts, ctx.organizationId, [{ id, ...hostColumns(draft) }], at);
    const liveTags = await this.db.query<{ id: string; tag_id: string }>(
      `SELECT id, tag_id FROM host_tags WHERE organization_id = $1 AND host_id = $2 AND valid_to IS NULL`,
      [ctx.organizationId, id],
    );
    const wanted = new Set(draft.tags);
    const dropped = liveTags.filter((t) => !wanted.has(t.tag_id)).map((t) => t.id);
    await closeVersioned(this.db, TABLES.host_tags, ctx.organizationId, dropped, at);
    const kept = new Set(liveTags.map((t) => t.tag_id));
    await this.insertTags(
      ctx,
      id,
      draft,
      draft.tags.filter((tag) => !kept.has(tag)),
      at,
    );

    const base = newRowColumns(ctx.organizationId, draft.network_id, at);
    const rows = childRows(draft);
    for (const table of ['ip_addresses', 'ports', 'services', 'bindings', 'interfaces'] as const) {
      const live = new Set(await this.liveChildIds(ctx, table, id));
      const [existing, added] = partition(rows[table], (row) => live.has(row.id));
      await updateVersioned(
        this.db,
        TABLES[table],
        ctx.organizationId,
        existing.map((row) => changeOf(TABLES[table], row)),
        at,
      );
      await this.insertChildren(table, added, { ...base, host_id: id });
      const incoming = new Set(rows[table].map((row) => row.id));
      const closed = [...live].filter((childId) => !incoming.has(childId));
      await closeVersioned(this.db, TABLES[table], ctx.organizationId, closed, at);
      if (table === 'ip_addresses') await forgetClosedAddresses(this.db, ctx.organizationId, closed);
    }
  }

  async close(ctx: TenantContext, id: string, at: Date) {
    await closeVersioned(this.db, TABLES.hosts, ctx.organizationId, [id], at);
    for (const table of ['host_tags', 'ip_addresses', 'ports', 'services', 'bindings', 'interfaces'] as const) {
      await this.db.execute(
        `UPDATE ${table} SET valid_to = $3 WHERE organization_id = $1 AND host_id = $2 AND valid_to IS NULL`,
        [ctx.organizationId, id, at],
      );
    }
  }

  liveSubnets(ctx: TenantContext, networkId: string, ids: readonly string[]) {
    return this.db.query<{ id: string; cidr: string }>(
      `SELECT id, cidr::text AS cidr FROM subnets WHERE organization_id = $1 AND network_id = $2 AND id = ANY ($3::uuid[]) AND valid_to IS NULL`,
      [ctx.organizationId, networkId, ids],
    );
  }

  liveHosts(ctx: TenantContext, ids: readonly string[]) {
    return this.db.query<LiveRef>(
      `SELECT id, network_id FROM hosts WHERE ${SCOPE} AND id = ANY ($3::uuid[]) AND valid_to IS NULL`,
      [ctx.organizationId, networkScope(ctx), ids],
    );
  }

  liveInterfaces(ctx: TenantContext, ids: readonly string[]) {
    return this.db.query<{ id: string; host_id: string }>(
      `SELECT id, host_id FROM interfaces WHERE ${SCOPE} AND id = ANY ($3::uuid[]) AND valid_to IS NULL`,
      [ctx.organizationId, networkScope(ctx), ids],
    );
  }

  async takenChildIds(ctx: TenantContext, hostId: string | null, ids: Record<string, readonly string[]>) {
    const taken: string[] = [];
    for (const [table, tableIds] of Object.entries(ids)) {
      if (tableIds.length === 0) continue;
      // This organization only: child ids are unique per organization ((organization_id, id) is the key),
      // so another tenant's id is free and answers like a fresh one. Live children of this host are the
      // ones a PUT may name.
      const rows = await this.db.query<{ id: string }>(
        `SELECT id FROM ${TABLES[table as ChildTable].name}
         WHERE organization_id = $2 AND id = ANY ($1::uuid[]) AND NOT (host_id IS NOT DISTINCT FROM $3 AND valid_to IS NULL)`,
        [tableIds, ctx.organizationId, hostId],
      );
      taken.push(...rows.map((r) => r.id));
    }
    return taken;
  }

  private liveChildIds(ctx: TenantContext, table: ChildTable, hostId: string) {
    return this.db
      .query<{ id: string }>(
        `SELECT id FROM ${table} WHERE organization_id = $1 AND host_id = $2 AND valid_to IS NULL`,
        [ctx.organizationId, hostId],
      )
      .then((rows) => rows.map((r) => r.id));
  }

  private insertChildren(table: ChildTable, rows: Row[], base: Record<string, unknown>) {
    return bulkInsert(
      this.db,
      table,
      typesOf(TABLES[table]),
      rows.map((row) => ({ ...base, ...row })),
    );
  }

  private insertTags(ctx: TenantContext, hostId: string, draft: HostDraft, tagIds: readonly string[], at: Date) {
    const base = newRowColumns(ctx.organizationId, draft.network_id, at);
    const rows = tagIds.map((tag_id) => ({ ...base, host_id: hostId, tag_id }));
    return bulkInsert(this.db, 'host_tags', typesOf(TABLES.host_tags), rows);
  }
}

/** Credentials scoped to IP addresses that closed stop naming them (same transaction). */
export async function forgetClosedAddresses(
  db: Database,
  organizationId: string,
  closed: readonly string[],
): Promise<void> {
  if (closed.length === 0) return;
  await db.execute(
    `UPDATE credential_hosts SET ip_address_ids = ARRAY(SELECT x FROM unnest(ip_address_ids) AS x WHERE x <> ALL ($2::uuid[]))
     WHERE organization_id = $1 AND ip_address_ids && $2::uuid[]`,
    [organizationId, closed],
  );
}

/** The columns a change sets: those the table versions (a child never moves to another parent). */
export function changeOf(table: VersionedTable, row: Row): Row {
  const columns = Object.keys(row).filter((column) => column in table.data);
  return Object.fromEntries([['id', row.id], ...columns.map((column) => [column, row[column]])]) as Row;
}

export function hostColumns(draft: HostDraft) {
  return {
    name: draft.name,
    hostname: draft.hostname,
    description: draft.description,
    hidden: draft.hidden,
    source: draft.source,
    virtualization: draft.virtualization,
  };
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}
