import { Database } from '../../src/common/database/database';
import type { HostQuery } from '../../src/modules/inventory/domain/host-reader';
import { PgHostReader } from '../../src/modules/inventory/infrastructure/host-reader.repository';
import { addHost, addSubnet } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, type Org, ownerContext, registerOrg } from '../support/tenants';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const SEARCH_INDEXES = ['live_host_search_text_idx', 'services_live_name_idx', 'ip_addresses_live_text_idx'];

/** Every node of a plan that scanned one of the search indexes: [index, rows it returned]. */
const searchIndexScans = (node: PlanNode): [string, number][] => [
  ...(node['Index Name'] && SEARCH_INDEXES.includes(node['Index Name']) && node['Actual Loops'] > 0
    ? [[node['Index Name'], node['Actual Rows']] as [string, number]]
    : []),
  ...(node.Plans ?? []).flatMap(searchIndexScans),
];

/**
 * A search's trigram indexes lead with the organization (migration 1763900000023): scanning them for one
 * organization finds its candidates only, not every tenant's (which the heap then had to drop).
 */
describe('host search indexes, per organization', () => {
  const ctx = useTestApp();

  /** An organization with `hosts` hosts that match "web" by name, service name and address text. */
  async function organization(hosts: number): Promise<Org> {
    const org = await registerOrg(ctx.http);
    const net = await addNetwork(ctx.http, org.owner.session);
    const subnet = await addSubnet(ctx.http, org.owner.session, net, '10.9.0.0/24');
    for (let i = 1; i <= hosts; i++)
      await addHost(ctx.http, org.owner.session, net, {
        name: `web-${i}`,
        ip_addresses: [{ subnet_id: subnet, ip_address: `10.9.0.${i}` }],
        services: [{ name: `webapp-${i}`, service_definition: 'Nginx' }],
      });
    return org;
  }

  /** The index scans of the statement the host list runs for `query`, forced onto indexes (the tables are small). */
  async function scansOf(org: Org, query: Partial<HostQuery>) {
    let statement: { sql: string; params: readonly unknown[] } | undefined;
    const capture = {
      query: async (sql: string, params: readonly unknown[]) => {
        statement = { sql, params };
        return [{ hosts: '[]', total: 0 }];
      },
    };
    const tenant = ownerContext(org);
    await new PgHostReader(capture as unknown as Database).list(tenant, {
      orderDirection: 'asc',
      limit: 50,
      offset: 0,
      includeChildren: false,
      ...query,
    });
    const db = ctx.t.app.get(Database);
    return db.transaction(async () => {
      await db.execute('SET LOCAL enable_seqscan = off');
      const [row] = await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${statement!.sql}`,
        statement!.params,
      );
      return searchIndexScans(row['QUERY PLAN'][0].Plan);
    });
  }

  it("scan only the organization's own rows, beside a larger organization", async () => {
    await organization(12);
    const small = await organization(2);
    const byText = await scansOf(small, { search: 'web' });
    const byAddress = await scansOf(small, { search: '10.9.0.' });
    expect(byText.map(([index]) => index)).toContain('live_host_search_text_idx');
    // The small organization's two hosts match "web" by name; every search index the planner took (it may
    // reach addresses and services by other indexes) found at most those two.
    for (const [index, rows] of byText.filter(([name]) => name === 'live_host_search_text_idx'))
      expect({ index, rows }).toEqual({ index, rows: 2 });
    for (const [index, rows] of [...byText, ...byAddress])
      expect({ index, rows: rows <= 2 }).toEqual({ index, rows: true });
  });
});
