import { Injectable } from '@nestjs/common';
import { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import {
  closeVersioned,
  insertVersioned,
  lockLive,
  updateVersioned,
  VersionedTable,
  writeInstant,
} from '../../../common/database/versioned';
import type { ChildTable, HostDraft } from '../domain/host';
import type { HostWriter, LiveRef } from '../domain/host-writer';
import type { IdentityColumns } from '../domain/identity/identity';
import { TABLES } from './tables';

type Row = { id: string } & Record<string, unknown>;

const CHILD_TABLES = ['ip_addresses', 'ports', 'services', 'bindings', 'interfaces'] as const;

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
    return lockLive<LiveRef & IdentityColumns>(this.db, TABLES.hosts, ctx, id);
  }

  instant() {
    return writeInstant(this.db);
  }

  async create(ctx: TenantContext, id: string, draft: HostDraft, identity: IdentityColumns, at: Date) {
    await insertVersioned(
      this.db,
      TABLES.hosts,
      ctx,
      [{ id, network_id: draft.network_id, ...hostColumns(draft), ...identity }],
      at,
    );
    await this.insertTags(ctx, id, draft, draft.tags, at);
    const rows = childRows(draft);
    for (const table of CHILD_TABLES) await this.insertChildren(ctx, table, rows[table], id, draft, at);
  }

  async replace(ctx: TenantContext, id: string, draft: HostDraft, identity: IdentityColumns, at: Date) {
    await updateVersioned(this.db, TABLES.hosts, ctx, [{ id, ...hostColumns(draft), ...identity }], at);
    const s = tenantScope('t', ctx);
    const liveTags = await this.db.query<{ id: string; tag_id: string }>(
      `SELECT t.id, t.tag_id FROM host_tags t WHERE ${s.where} AND t.host_id = $3 AND t.valid_to IS NULL`,
      [...s.params, id],
    );
    const wanted = new Set(draft.tags);
    const dropped = liveTags.filter((t) => !wanted.has(t.tag_id)).map((t) => t.id);
    await closeVersioned(this.db, TABLES.host_tags, ctx, dropped, at);
    const kept = new Set(liveTags.map((t) => t.tag_id));
    await this.insertTags(
      ctx,
      id,
      draft,
      draft.tags.filter((tag) => !kept.has(tag)),
      at,
    );

    const rows = childRows(draft);
    for (const table of CHILD_TABLES) {
      const live = new Set(await this.liveChildIds(ctx, table, id));
      const [existing, added] = partition(rows[table], (row) => live.has(row.id));
      const changes = existing.map((row) => changeOf(TABLES[table], row));
      await updateVersioned(this.db, TABLES[table], ctx, changes, at);
      await this.insertChildren(ctx, table, added, id, draft, at);
      const incoming = new Set(rows[table].map((row) => row.id));
      const closed = [...live].filter((childId) => !incoming.has(childId));
      await closeVersioned(this.db, TABLES[table], ctx, closed, at);
    }
  }

  async close(ctx: TenantContext, id: string, at: Date) {
    await closeVersioned(this.db, TABLES.hosts, ctx, [id], at);
    for (const table of ['host_tags', ...CHILD_TABLES] as const) {
      await closeVersioned(this.db, TABLES[table], ctx, [id], at, 'host_id');
    }
  }

  /** A deleted tag leaves the tag arrays of services in place, without a new version (as before the move). */
  async forgetTag(ctx: TenantContext, tagId: string) {
    const s = tenantScope('', ctx, null);
    await this.db.execute(`UPDATE services SET tags = array_remove(tags, $2) WHERE ${s.where} AND $2 = ANY (tags)`, [
      ...s.params,
      tagId,
    ]);
  }

  liveSubnets(ctx: TenantContext, networkId: string, ids: readonly string[]) {
    const s = tenantScope('s', ctx, null);
    return this.db.query<{ id: string; cidr: string }>(
      `SELECT s.id, s.cidr::text AS cidr FROM subnets s
       WHERE ${s.where} AND s.network_id = $2 AND s.id = ANY ($3::uuid[]) AND s.valid_to IS NULL`,
      [...s.params, networkId, ids],
    );
  }

  liveHosts(ctx: TenantContext, ids: readonly string[]) {
    const s = tenantScope('h', ctx);
    return this.db.query<LiveRef>(
      `SELECT h.id, h.network_id FROM hosts h WHERE ${s.where} AND h.id = ANY ($3::uuid[]) AND h.valid_to IS NULL`,
      [...s.params, ids],
    );
  }

  liveInterfaces(ctx: TenantContext, ids: readonly string[]) {
    const s = tenantScope('i', ctx);
    return this.db.query<{ id: string; host_id: string }>(
      `SELECT i.id, i.host_id FROM interfaces i WHERE ${s.where} AND i.id = ANY ($3::uuid[]) AND i.valid_to IS NULL`,
      [...s.params, ids],
    );
  }

  async takenChildIds(ctx: TenantContext, hostId: string | null, ids: Record<string, readonly string[]>) {
    const taken: string[] = [];
    for (const [table, tableIds] of Object.entries(ids)) {
      if (tableIds.length === 0) continue;
      // This organization only: child ids are unique per organization ((organization_id, id) is the key),
      // so another tenant's id is free and answers like a fresh one. Live children of this host are the
      // ones a PUT may name.
      const s = tenantScope('c', ctx, null);
      const rows = await this.db.query<{ id: string }>(
        `SELECT c.id FROM ${TABLES[table as ChildTable].name} c
         WHERE ${s.where} AND c.id = ANY ($2::uuid[]) AND NOT (c.host_id IS NOT DISTINCT FROM $3 AND c.valid_to IS NULL)`,
        [...s.params, tableIds, hostId],
      );
      taken.push(...rows.map((r) => r.id));
    }
    return taken;
  }

  private async liveChildIds(ctx: TenantContext, table: ChildTable, hostId: string) {
    const s = tenantScope('c', ctx);
    const rows = await this.db.query<{ id: string }>(
      `SELECT c.id FROM ${table} c WHERE ${s.where} AND c.host_id = $3 AND c.valid_to IS NULL`,
      [...s.params, hostId],
    );
    return rows.map((r) => r.id);
  }

  private insertChildren(
    ctx: TenantContext,
    table: ChildTable,
    rows: Row[],
    hostId: string,
    draft: HostDraft,
    at: Date,
  ) {
    const parent = { network_id: draft.network_id, host_id: hostId };
    const full = rows.map((row) => ({ ...parent, ...row }));
    return insertVersioned(this.db, TABLES[table], ctx, full, at);
  }

  private insertTags(ctx: TenantContext, hostId: string, draft: HostDraft, tagIds: readonly string[], at: Date) {
    const rows = tagIds.map((tag_id) => ({ network_id: draft.network_id, host_id: hostId, tag_id }));
    return insertVersioned(this.db, TABLES.host_tags, ctx, rows, at);
  }
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
