import { Injectable } from '@nestjs/common';
import { networkScope, TenantContext } from '../../../common/auth/tenant-context';
import { groupBy } from '../../../common/collections';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { history, liveId, validAt } from '../../../common/database/versioned';
import { DEFAULT_STALE_AFTER_HOURS } from '../../tenancy';
import type { HostOrderField } from '../domain/enums';
import type { HostPage, HostQuery, HostReader } from '../domain/host-reader';
import { lastSeen, TABLES } from './tables';

const HOST_ID = liveId('h');
const STALE = `(h.source->>'type' = 'Discovery' AND h.last_seen_at IS NOT NULL
  AND h.last_seen_at < COALESCE($3::timestamptz, now()) - make_interval(hours => COALESCE(n.stale_after_hours, ${DEFAULT_STALE_AFTER_HOURS})))`;

const ORDER_EXPRESSIONS: Record<HostOrderField, string> = {
  created_at: 'h.created_at',
  updated_at: 'h.updated_at',
  last_seen_at: lastSeen('h'),
  name: 'h.name',
  hostname: 'h.hostname',
  network_id: 'h.network_id',
  virtualized_by: `(h.virtualization->>'host_id')`,
  interface_ip: `(SELECT min(i.ip_address) FROM ip_addresses i WHERE i.organization_id = h.organization_id AND i.host_id = ${HOST_ID} AND ${validAt('i', '$3')})`,
};

const HOST_COLUMNS = `${HOST_ID} AS id, h.network_id, h.name, h.hostname, h.description, h.hidden, h.source, h.virtualization,
  h.created_at, h.updated_at, ${lastSeen('h')} AS last_seen_at, h.valid_from, h.valid_to, h.first_discovery_id, h.last_discovery_id`;

const CHILD_QUERIES = {
  ip_addresses: `SELECT ${liveId('c')} AS id, c.host_id, c.network_id, c.subnet_id, host(c.ip_address) AS ip_address,
      c.mac_address, c.name, c.position, c.created_at, c.updated_at, ${lastSeen('c')} AS last_seen_at, c.valid_from, c.valid_to,
      c.first_discovery_id, c.last_discovery_id, c.lineage_id
    FROM ip_addresses c`,
  ports: `SELECT ${liveId('c')} AS id, c.host_id, c.network_id, c.number, c.protocol, c.type, c.created_at, c.updated_at,
      ${lastSeen('c')} AS last_seen_at, c.valid_from, c.valid_to, c.first_discovery_id, c.last_discovery_id, c.lineage_id
    FROM ports c`,
  services: `SELECT ${liveId('c')} AS id, c.host_id, c.network_id, c.name, c.position, c.service_definition, c.source,
      c.tags, c.virtualization, c.created_at, c.updated_at, ${lastSeen('c')} AS last_seen_at, c.valid_from, c.valid_to,
      c.first_discovery_id, c.last_discovery_id, c.lineage_id
    FROM services c`,
  bindings: `SELECT ${liveId('c')} AS id, c.host_id, c.service_id, c.network_id, c.ip_address_id, c.port_id, c.type,
      c.created_at, c.updated_at, ${lastSeen('c')} AS last_seen_at, c.valid_from, c.valid_to, c.first_discovery_id, c.last_discovery_id, c.lineage_id
    FROM bindings c`,
  interfaces: `SELECT ${liveId('c')} AS id, c.host_id, c.network_id, c.ip_address_id, c.admin_status, c.oper_status,
      c.if_alias, c.if_descr, c.if_name, c.if_index, c.if_type, c.speed_bps::float8 AS speed_bps, c.mac_address,
      c.cdp_address, c.cdp_device_id, c.cdp_platform, c.cdp_port_id, c.lldp_chassis_id, c.lldp_mgmt_addr, c.lldp_port_desc,
      c.lldp_port_id, c.lldp_sys_desc, c.lldp_sys_name, c.neighbor, c.created_at, c.updated_at, ${lastSeen('c')} AS last_seen_at, c.valid_from,
      c.valid_to, c.first_discovery_id, c.last_discovery_id, c.lineage_id
    FROM interfaces c`,
};

type Row = Record<string, unknown> & { id: string };

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class PgHostReader implements HostReader {
  constructor(private readonly db: Database) {}

  async list(ctx: TenantContext, query: HostQuery): Promise<HostPage> {
    const search = query.search?.trim();
    if (search === '') return { hosts: [], total: 0, groupCounts: query.groupBy ? [] : undefined };
    const scope = tenantScope('h', ctx);
    const params: unknown[] = [
      ...scope.params,
      query.at ?? null,
      query.networkId ?? null,
      query.ids ?? null,
      query.tagIds ?? null,
      search === undefined ? null : escapeLike(search),
      query.stale ?? null,
    ];
    const where = `${scope.where} AND ${validAt('h', '$3')}
      AND ($4::uuid IS NULL OR h.network_id = $4)
      AND ($5::uuid[] IS NULL OR ${HOST_ID} = ANY ($5::uuid[]))
      AND ($6::uuid[] IS NULL OR EXISTS (SELECT 1 FROM host_tags t WHERE t.organization_id = h.organization_id
            AND t.host_id = ${HOST_ID} AND t.tag_id = ANY ($6::uuid[]) AND ${validAt('t', '$3')}))
      AND ($7::text IS NULL OR h.name ILIKE $7 OR h.hostname ILIKE $7 OR h.description ILIKE $7
           OR EXISTS (SELECT 1 FROM ip_addresses i WHERE i.organization_id = h.organization_id AND i.host_id = ${HOST_ID}
                      AND ${validAt('i', '$3')} AND host(i.ip_address) ILIKE $7)
           OR EXISTS (SELECT 1 FROM services s WHERE s.organization_id = h.organization_id AND s.host_id = ${HOST_ID}
                      AND ${validAt('s', '$3')} AND s.name ILIKE $7))
      AND ($8::boolean IS NULL OR ${STALE} = $8)`;
    const from = `FROM hosts h JOIN networks n ON n.organization_id = h.organization_id AND n.id = h.network_id WHERE ${where}`;

    const order = [
      ...(query.groupBy ? [`${ORDER_EXPRESSIONS[query.groupBy]} ASC`] : []),
      `${ORDER_EXPRESSIONS[query.orderBy ?? 'created_at']} ${query.orderDirection.toUpperCase()}`,
      `${HOST_ID} ASC`,
    ].join(', ');
    const hosts = await this.db.query<Row>(
      `SELECT ${HOST_COLUMNS}, ${STALE} AS stale FROM hosts h JOIN networks n ON n.organization_id = h.organization_id AND n.id = h.network_id
       WHERE ${where} ORDER BY ${order} LIMIT $9 OFFSET $10`,
      [...params, query.limit === 0 ? null : query.limit, query.offset],
    );
    const [{ total }] = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params);
    const groupCounts = query.groupBy
      ? await this.db.query<{ value: unknown; count: number }>(
          `SELECT g.key AS value, g.count FROM (SELECT ${ORDER_EXPRESSIONS[query.groupBy]} AS key, count(*)::int AS count ${from} GROUP BY 1) g
           ORDER BY g.key ASC`,
          params,
        )
      : undefined;
    await this.attachChildren(ctx, hosts, query.at ?? null, query.includeChildren);
    return { hosts, total, groupCounts };
  }

  history(ctx: TenantContext, id: string) {
    return history<Row>(this.db, TABLES.hosts, ctx, id);
  }

  /** Tags and the four child kinds for the whole page: six queries, whatever the page size. */
  private async attachChildren(ctx: TenantContext, hosts: Row[], at: Date | null, includeChildren: boolean) {
    const ids = hosts.map((h) => h.id);
    const params = [...tenantScope('', ctx).params, ids, at];
    const scoped = (alias: string) =>
      `${tenantScope(alias, ctx).where} AND ${alias}.host_id = ANY ($3::uuid[]) AND ${validAt(alias, '$4')}`;
    const tags = ids.length
      ? await this.db.query<{ host_id: string; tag_id: string }>(
          `SELECT t.host_id, t.tag_id FROM host_tags t WHERE ${scoped('t')} ORDER BY t.tag_id`,
          params,
        )
      : [];
    const assignments = ids.length
      ? await this.db.query<{ host_id: string; credential_id: string; ip_address_ids: string[] | null }>(
          // Only credentials the caller may see: every network they touch must be within reach.
          `SELECT c.host_id, c.credential_id, c.ip_address_ids FROM credential_hosts c
           WHERE c.organization_id = $1 AND c.host_id = ANY ($2::uuid[])
             AND ($3::uuid[] IS NULL OR NOT EXISTS (
               SELECT 1 FROM credential_networks n
               WHERE n.organization_id = c.organization_id AND n.credential_id = c.credential_id AND n.network_id <> ALL ($3::uuid[])
               UNION ALL
               SELECT 1 FROM credential_hosts o
               WHERE o.organization_id = c.organization_id AND o.credential_id = c.credential_id AND o.network_id <> ALL ($3::uuid[])))
           ORDER BY c.credential_id`,
          [ctx.organizationId, ids, networkScope(ctx)],
        )
      : [];
    const assignmentsByHost = groupBy(assignments, (row) => row.host_id);
    const kinds = includeChildren && ids.length ? (Object.keys(CHILD_QUERIES) as (keyof typeof CHILD_QUERIES)[]) : [];
    const children = Object.fromEntries(
      await Promise.all(
        kinds.map(
          async (kind) =>
            [
              kind,
              await this.db.query<Row>(`${CHILD_QUERIES[kind]} WHERE ${scoped('c')} ORDER BY ${orderOf(kind)}`, params),
            ] as const,
        ),
      ),
    ) as Partial<Record<keyof typeof CHILD_QUERIES, Row[]>>;
    const bindingsByService = groupBy(children.bindings ?? [], (row) => row.service_id as string);
    const byHost = Object.fromEntries(
      Object.entries(children).map(([kind, rows]) => [kind, groupBy(rows, (row) => row.host_id as string)]),
    );
    const tagsByHost = groupBy(tags, (row) => row.host_id);
    for (const host of hosts) {
      host.tags = (tagsByHost.get(host.id) ?? []).map((t) => t.tag_id);
      host.credential_assignments = assignmentsByHost.get(host.id)?.map(withoutHost) ?? [];
      host.ip_addresses = byHost.ip_addresses?.get(host.id) ?? [];
      host.ports = byHost.ports?.get(host.id) ?? [];
      host.services = (byHost.services?.get(host.id) ?? []).map((s) => ({
        ...s,
        bindings: (bindingsByService.get(s.id) ?? []).map(withoutHost),
      }));
      host.interfaces = byHost.interfaces?.get(host.id) ?? [];
    }
  }
}

const orderOf = (kind: keyof typeof CHILD_QUERIES) =>
  kind === 'ip_addresses' || kind === 'services'
    ? 'c.position, 1'
    : kind === 'ports'
      ? 'c.number, c.protocol, 1'
      : kind === 'interfaces'
        ? 'c.if_index, 1'
        : '1';

const withoutHost = ({ host_id: _host, ...binding }: Record<string, unknown>) => binding;
