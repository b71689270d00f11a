import { liveId, validAt } from '../../../common/database/versioned';

/** The host's own text matches ($7: the search as an escaped ILIKE pattern), for alias `x` of hosts. */
const ownTextMatches = (x: string) => `${x}.search_text LIKE lower($7)
  AND (strpos($7, chr(1)) = 0 OR ${x}.name ILIKE $7 OR ${x}.hostname ILIKE $7 OR ${x}.description ILIKE $7)`;

/** Rows of alias `i` (ip_addresses) and `s` (services) whose text matches ($3: the instant). */
const addressMatches = (i: string) =>
  `${i}.organization_id = $1 AND ${validAt(i, '$3')} AND $7 ~ '^%[0-9A-Fa-f.:]+%$' AND host(${i}.ip_address) ILIKE $7`;
const serviceMatches = (s: string) => `${s}.organization_id = $1 AND ${validAt(s, '$3')} AND ${s}.name ILIKE $7`;

/** The ids of hosts with an address or service name that matches, each any number of times. */
const childMatches = () => `
  SELECT i.host_id AS id, i.organization_id, i.network_id FROM ip_addresses i WHERE ${addressMatches('i')}
  UNION ALL
  SELECT s.host_id, s.organization_id, s.network_id FROM services s WHERE ${serviceMatches('s')}`;

/**
 * The hosts a search matches, one row per host (id, organization_id, network_id). Each part goes through
 * its trigram index where the planner finds that cheaper (docs/performance.md "A narrow table to search"):
 * - the host's own text, stored lowered and joined by chr(1): the live hosts' from the narrow
 *   live_host_search, as of an instant (or with chr(1) in the search) from hosts. A match without chr(1)
 *   lies within one column: the columns are checked only for a search with it;
 * - addresses (ip_addresses_live_text_idx), only when the text could be part of one: the planner folds the
 *   pattern test and skips that scan; service names (services_live_name_idx). Their hosts are kept once,
 *   and only when the host's own text did not match: every id in the set is then one host, counted as such.
 */
export function matchedHosts(): string {
  const texts = `SELECT x.host_id AS id, x.organization_id, x.network_id FROM live_host_search x WHERE x.organization_id = $1
      AND $3::timestamptz IS NULL AND strpos($7, chr(1)) = 0 AND x.search_text LIKE lower($7)
    UNION ALL
    SELECT ${liveId('x')}, x.organization_id, x.network_id FROM hosts x WHERE x.organization_id = $1 AND ${validAt('x', '$3')}
      AND NOT ($3::timestamptz IS NULL AND strpos($7, chr(1)) = 0) AND ${ownTextMatches('x')}`;
  return `${texts}
    UNION ALL
    SELECT DISTINCT c.id, c.organization_id, c.network_id FROM (${childMatches()}) c
    WHERE c.id NOT IN (SELECT t.id FROM (${texts}) t)`;
}

/**
 * Whether host row `h` (of the version being read) matches the search: what matchedHosts holds, asked of
 * one host, for a page that walks the hosts in its order; its addresses and services through their hosts'
 * indexes, for this host alone (a scalar subquery: an EXISTS, the planner would hash over every match);
 * services only when one matches at all (asked once: most searches name none).
 */
export const hostMatchesSearch = (h: string) => `(${ownTextMatches(h)}
  OR (SELECT true FROM ip_addresses i WHERE i.host_id = ${liveId(h)} AND ${addressMatches('i')} LIMIT 1)
  OR (EXISTS (SELECT 1 FROM services s WHERE ${serviceMatches('s')})
    AND (SELECT true FROM services s WHERE s.host_id = ${liveId(h)} AND ${serviceMatches('s')} LIMIT 1)))`;
