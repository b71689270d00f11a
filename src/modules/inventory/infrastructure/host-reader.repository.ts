import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { CopyJsonRows } from '../../../common/database/copy-json-rows';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { history, liveId, validAt } from '../../../common/database/versioned';
import { DEFAULT_STALE_AFTER_HOURS } from '../../tenancy';
import type { HostOrderField } from '../domain/enums';
import type { HostPage, HostQuery, HostReader, HostRows } from '../domain/host-reader';
import {
  CHILD_FIELDS,
  columns,
  instantFields,
  iso,
  jsonArray,
  type JsonFields,
  selectList,
  versionFields,
} from './host-json';
import { hostListTotals } from './host-list-totals';
import { hostMatchesSearch, matchedHosts } from './host-search-matches';
import { hostTagged, taggedHosts, tagMatches } from './host-tag-matches';
import { IDENTITY_COLUMNS, lastSeen, TABLES } from './tables';

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
const TIMESTAMP_FIELDS = new Set<HostOrderField>(['created_at', 'updated_at', 'last_seen_at']);

type Row = Record<string, unknown> & { id: string };
type Counts = { total: number; group_counts: HostPage['groupCounts'] | null };
const countsOf = (row: Counts): HostRows => ({ total: row.total, groupCounts: row.group_counts ?? undefined });

/** A list's statements: its total and group counts (one row), and its hosts' rows (given the total). */
interface ListStatements {
  params: unknown[];
  totals: string;
  /** The rows in page order; a search's or tag filter's are read one of two ways, by its total. */
  rows: string | ((total: number) => string);
}

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search or tag filter with at most this many matches pages through them; with more, through the hosts. */
const FEW_MATCHES = 1000;

/** $1..$10: the filters; $11 limit, $12 offset and $13 include_children only concern the rows. */
const FILTER_PARAMS = 10;

@Injectable()
export class PgHostReader implements HostReader {
  /** FEW_MATCHES, overridden by a test that pages every search and tag filter through one way. */
  protected readonly fewMatches: number = FEW_MATCHES;

  constructor(private readonly db: Database) {}

  /**
   * The page, its children, the total and the group counts: one statement, one row of JSON; two for a
   * search or tag filter, whose page is read one of two ways chosen by its total.
   */
  async list(ctx: TenantContext, query: HostQuery): Promise<HostPage> {
    const built = this.build(ctx, query);
    if (!built) return { hostsJson: '[]', total: 0, groupCounts: query.groupBy ? [] : undefined };
    // The hosts as text: pg would parse them only for the envelope to serialize them again.
    const hosts = (rows: string) => `(SELECT COALESCE(json_agg(r), '[]'::json) FROM (${rows}) r)::text AS hosts`;
    if (typeof built.rows === 'string') {
      const [row] = await this.db.query<Counts & { hosts: string }>(
        `${built.totals}, ${hosts(built.rows)}`,
        built.params,
      );
      return { hostsJson: row.hosts, ...countsOf(row) };
    }
    const counts = await this.counts(built);
    const [page] = await this.db.query<{ hosts: string }>(`SELECT ${hosts(built.rows(counts.total))}`, built.params);
    return { hostsJson: page.hosts, ...counts };
  }

  /**
   * The whole list (limit 0): the total and group counts, then the hosts as COPY's bytes into `items`, so
   * that neither the process nor the database holds all of it (no JavaScript string per host either).
   */
  async stream(ctx: TenantContext, query: HostQuery, items: NodeJS.WritableStream) {
    const built = this.build(ctx, query);
    if (!built) {
      items.end();
      return { total: 0, count: 0, groupCounts: query.groupBy ? [] : undefined };
    }
    const counts = await this.counts(built);
    const rows = typeof built.rows === 'string' ? built.rows : built.rows(counts.total);
    const hosts = new CopyJsonRows();
    await this.db.copyOut(`SELECT row_to_json(r) FROM (${rows}) r`, built.params, hosts, items);
    return { ...counts, count: hosts.rows };
  }

  private async counts(built: ListStatements): Promise<HostRows> {
    const [row] = await this.db.query<Counts>(built.totals, built.params.slice(0, FILTER_PARAMS));
    return countsOf(row);
  }

  history(ctx: TenantContext, id: string) {
    return history<Row>(this.db, TABLES.hosts, ctx, id, 'host');
  }

  /** The statements of a list: the page's hosts as JSON (in order), their count, the group counts. */
  private build(ctx: TenantContext, query: HostQuery): ListStatements | undefined {
    const search = query.search?.trim();
    if (search === '') return undefined;
    const scope = tenantScope('h', ctx);
    const params: unknown[] = [
      ...scope.params,
      query.at ?? null,
      query.networkId ?? null,
      query.ids ?? null,
      query.tagIds ?? null,
      search === undefined ? null : escapeLike(search),
      query.stale ?? null,
      query.deviceTypes ?? null,
      query.vendors?.map((v) => v.toLowerCase()) ?? null,
      query.limit === 0 ? null : query.limit,
      query.offset,
      query.includeChildren,
    ];
    const searched = search !== undefined;
    const common = `${scope.where} AND ${validAt('h', '$3')}
      AND ($4::uuid IS NULL OR h.network_id = $4)
      AND ($5::uuid[] IS NULL OR ${HOST_ID} = ANY ($5::uuid[]))
      AND ($9::text[] IS NULL OR h.device_type = ANY ($9::text[]))
      AND ($10::text[] IS NULL OR lower(h.vendor) = ANY ($10::text[]))`;
    const filters = `${common}
      AND ($6::uuid[] IS NULL OR ${HOST_ID} IN (SELECT t.host_id FROM host_tags t WHERE ${tagMatches('t')}))`;
    // The `$7 IS NULL OR` keeps the match a hashed filter: as a semi-join, the planner rescans the set for
    // every host it walks in page order.
    const where = `${filters} AND ($7::text IS NULL ${searched ? `OR ${HOST_ID} IN (SELECT m.id FROM matched m)` : ''})`;
    const networks = `JOIN networks n ON n.organization_id = h.organization_id AND n.id = h.network_id`;
    const stale = `($8::boolean IS NULL OR ${STALE} = $8)`;
    const from = `FROM hosts h ${networks} WHERE ${where} AND ${stale}`;
    // Counting needs the network only for the stale filter (every host has its network: a foreign key), so
    // without it the count reads the hosts' live index alone.
    const counted = query.stale === undefined ? `FROM hosts h WHERE ${where} AND $8::boolean IS NULL` : from;
    const order = [
      ...(query.groupBy ? [`${ORDER_EXPRESSIONS[query.groupBy]} ASC`] : []),
      `${ORDER_EXPRESSIONS[query.orderBy ?? 'created_at']} ${query.orderDirection.toUpperCase()}`,
      `${HOST_ID} ASC`,
    ].join(', ');
    const { count, groups } = hostListTotals(ctx, query, {
      count: `SELECT count(*)::int ${counted}`,
      groups: `SELECT ${ORDER_EXPRESSIONS[query.groupBy ?? 'network_id']} AS key, count(*)::int AS count ${counted} GROUP BY 1`,
    });
    const groupValue = query.groupBy && TIMESTAMP_FIELDS.has(query.groupBy) ? iso('g.key') : 'g.key';
    const groupCounts =
      query.groupBy &&
      `SELECT COALESCE(json_agg(json_build_object('value', ${groupValue}, 'count', g.count) ORDER BY g.key ASC), '[]'::json)
       FROM (${groups}) g`;
    const page = (source: string) => `SELECT ${HOST_ID} AS id, h.network_id, h.name, h.hostname, h.description,
        h.hidden, h.source, h.virtualization, ${IDENTITY_COLUMNS('h')}, h.created_at, h.updated_at, h.last_seen_at,
        h.valid_from, h.valid_to, h.first_discovery_id, h.last_discovery_id, ${STALE} AS stale
      ${source} ORDER BY ${order} LIMIT $11 OFFSET $12`;
    const columns = selectList(this.hostFields(ctx));
    // A search (else tags) pages from its few matches, joined to their hosts and sorted, or, when they are
    // many (docs/performance.md "Searched pages"), from the hosts walked in page order, each asked whether it
    // matches: the first stops at the page, the second at the set's size. Its total, read first, says which.
    const selection = searched
      ? { matched: matchedHosts(), matches: hostMatchesSearch('h'), filters }
      : query.tagIds && { matched: taggedHosts(), matches: hostTagged('h'), filters: `${common} AND $7::text IS NULL` };
    const totals = (withMatched: string) =>
      `${withMatched} SELECT (${count}) AS total, ${groupCounts ? `(${groupCounts})` : 'NULL::json'} AS group_counts`;
    if (!selection) return { params, totals: totals(''), rows: `SELECT ${columns} FROM (${page(from)}) h` };
    const ofMatch = query.at ? '((h.lineage_id IS NULL AND h.id = m.id) OR h.lineage_id = m.id)' : 'h.id = m.id';
    const withMatched = `WITH matched AS MATERIALIZED (${selection.matched})`;
    const fromMatches = `FROM matched m JOIN hosts h ON h.organization_id = m.organization_id AND ${ofMatch} ${networks}
      WHERE ${selection.filters} AND ${stale}`;
    const walked = `FROM hosts h ${networks} WHERE ${selection.filters} AND ${selection.matches} AND ${stale}`;
    return {
      params,
      totals: totals(searched ? withMatched : ''),
      rows: (total) =>
        total <= this.fewMatches
          ? `${withMatched} SELECT ${columns} FROM (${page(fromMatches)}) h`
          : `SELECT ${columns} FROM (${page(walked)}) h`,
    };
  }

  /**
   * One host of the page (alias h) as the response has it: its fields, tags, the credential assignments the
   * caller may see (every network a credential touches within reach), and (include_children, $13) its
   * children, each kind in its order, bindings under their service. Every child subquery finds its rows
   * through `*_live_idx (organization_id, host_id)`.
   */
  private hostFields(ctx: TenantContext): JsonFields {
    const ofHost = (c: string) => `${tenantScope(c, ctx).where} AND ${c}.host_id = h.id AND ${validAt(c, '$3')}`;
    const children = (table: keyof typeof CHILD_FIELDS | 'services', order: string, fields: JsonFields) =>
      `CASE WHEN $13 THEN ${jsonArray(fields, `FROM ${table} c WHERE ${ofHost('c')}`, order)} ELSE '[]'::json END`;
    const bindings = jsonArray(
      CHILD_FIELDS.bindings('b'),
      `FROM bindings b WHERE ${ofHost('b')} AND b.service_id = ${liveId('c')}`,
      'x.id',
    );
    const services: JsonFields = [
      ['id', liveId('c')],
      ...columns(
        'c',
        'host_id',
        'network_id',
        'name',
        'position',
        'service_definition',
        'source',
        'tags',
        'virtualization',
      ),
      ...versionFields('c'),
      ['bindings', bindings],
    ];
    const credentialAssignments = `COALESCE((SELECT json_agg(json_build_object('credential_id', a.credential_id,
          'ip_address_ids', a.ip_address_ids) ORDER BY a.credential_id)
        FROM credential_hosts a
        WHERE a.organization_id = $1 AND a.host_id = h.id
          AND ($2::uuid[] IS NULL OR NOT EXISTS (
            SELECT 1 FROM credential_networks cn
            WHERE cn.organization_id = a.organization_id AND cn.credential_id = a.credential_id AND cn.network_id <> ALL ($2::uuid[])
            UNION ALL
            SELECT 1 FROM credential_hosts o
            WHERE o.organization_id = a.organization_id AND o.credential_id = a.credential_id AND o.network_id <> ALL ($2::uuid[])))),
        '[]'::json)`;
    return [
      ...columns('h', 'id', 'network_id', 'name', 'hostname', 'description', 'hidden', 'source', 'virtualization'),
      ...columns('h', 'device_type', 'vendor', 'model', 'os', 'location', 'identity_sources'),
      ...instantFields('h'),
      ...columns('h', 'first_discovery_id', 'last_discovery_id', 'stale'),
      ['tags', `ARRAY(SELECT t.tag_id FROM host_tags t WHERE ${ofHost('t')} ORDER BY t.tag_id)`],
      ['credential_assignments', credentialAssignments],
      ['ip_addresses', children('ip_addresses', 'x.position, x.id', CHILD_FIELDS.ip_addresses('c'))],
      ['ports', children('ports', 'x.number, x.protocol, x.id', CHILD_FIELDS.ports('c'))],
      ['services', children('services', 'x.position, x.id', services)],
      ['interfaces', children('interfaces', 'x.if_index, x.id', CHILD_FIELDS.interfaces('c'))],
    ];
  }
}
