import type { TenantContext } from '../../../common/auth/tenant-context';
import { tenantScope } from '../../../common/database/tenant-scope';
import { validAt } from '../../../common/database/versioned';
import type { HostQuery } from '../domain/host-reader';
import { matchedHosts } from './host-search-matches';

/** The identity filters ($9 device types, $10 vendors) are unset: the shortcuts below count without them. */
const UNFILTERED_IDENTITY = `AND $9::text[] IS NULL AND $10::text[] IS NULL`;

/** SQL of a list's total and of its group rows (key, count). */
export interface Totals {
  count: string;
  groups: string;
}

/**
 * The total and group rows of a host list without counting its hosts one by one where a smaller set says
 * as much (`counting`: the hosts counted one by one, for the other cases; docs/performance.md):
 * - no filter but the network: the live hosts counted per network (migration 1763900000017); as of an
 *   instant, less the live hosts changed since and plus the versions closed since (migration 1763900000019);
 * - search or tag_ids alone: their matches, which name host, organization and network (a tag or child is
 *   valid only while its host is: closing a host closes them), each host counted once. A search's total
 *   alone reads them where they are; with group counts both read the statement's `matched` set.
 * The parameters a statement does not use are tested for null, so that every statement still types them.
 */
export function hostListTotals(ctx: TenantContext, query: HostQuery, counting: Totals): Totals {
  // A blank search never gets here (it matches nothing): a search is a non-blank text.
  const searched = query.search !== undefined;
  if (query.ids || query.stale !== undefined || query.deviceTypes || query.vendors || (searched && query.tagIds))
    return counting;
  const ofNetworks = (alias: string) =>
    `${tenantScope(alias, ctx).where} AND ($4::uuid IS NULL OR ${alias}.network_id = $4)`;
  const byNetwork = (groups: string) => (query.groupBy === 'network_id' ? groups : counting.groups);
  if (searched || query.tagIds) {
    const found = searched
      ? `FROM ${query.groupBy ? 'matched' : `(${matchedHosts()})`} m WHERE ${ofNetworks('m')} AND $6::uuid[] IS NULL`
      : `FROM host_tags m WHERE ${ofNetworks('m')} AND m.tag_id = ANY ($6::uuid[]) AND ${validAt('m', '$3')} AND $7::text IS NULL`;
    const matches = `${found} AND $5::uuid[] IS NULL AND $8::boolean IS NULL ${UNFILTERED_IDENTITY}`;
    // Search's matches hold each host once (host-search-matches.ts), and so do one tag's assignments at
    // any instant; several tags may name a host more than once.
    const hosts = searched || query.tagIds?.length === 1 ? '*' : 'DISTINCT m.host_id';
    return {
      count: `SELECT count(${hosts})::int ${matches}`,
      groups: byNetwork(`SELECT m.network_id AS key, count(${hosts})::int AS count ${matches} GROUP BY 1`),
    };
  }
  const kept = `FROM live_host_counts k WHERE ${ofNetworks('k')}
    AND $5::uuid[] IS NULL AND $6::uuid[] IS NULL AND $7::text IS NULL AND $8::boolean IS NULL ${UNFILTERED_IDENTITY}`;
  if (query.at === undefined)
    return {
      count: `SELECT COALESCE(sum(k.hosts), 0)::int ${kept} AND $3::timestamptz IS NULL`,
      groups: byNetwork(
        `SELECT k.network_id AS key, sum(k.hosts)::int AS count ${kept} GROUP BY 1 HAVING sum(k.hosts) > 0`,
      ),
    };
  return {
    count: `SELECT ((SELECT COALESCE(sum(k.hosts), 0) ${kept})
      - (SELECT count(*) FROM hosts l WHERE ${ofNetworks('l')} AND l.valid_to IS NULL AND l.valid_from > $3::timestamptz)
      + (SELECT count(*) FROM hosts c WHERE ${ofNetworks('c')} AND c.valid_to > $3::timestamptz
           AND c.valid_from <= $3::timestamptz))::int`,
    groups: counting.groups,
  };
}
