import type { TenantContext } from '../../src/common/auth/tenant-context';
import { Database } from '../../src/common/database/database';
import type { HostQuery } from '../../src/modules/inventory/domain/host-reader';
import { PgHostReader } from '../../src/modules/inventory/infrastructure/host-reader.repository';
import { expectOk } from '../support/http';
import { addHost, addSubnet, addTag, sleep } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, ownerContext, registerOrg } from '../support/tenants';

/** Pages every search or tag filter from its matches joined to their hosts. */
class JoiningReader extends PgHostReader {
  protected override readonly fewMatches = Number.MAX_SAFE_INTEGER;
}
/** Pages every search or tag filter by walking the hosts in page order. */
class WalkingReader extends PgHostReader {
  protected override readonly fewMatches = -1;
}

/**
 * A searched (else tagged) page comes from its matches when they are few and from the hosts walked in
 * order when they are many (host-reader.repository.ts): both ways must give the same page, total and group
 * counts, for every kind of match (own text, address, service name, chr(1), one tag or several), live and
 * as of an instant, with the other filters, orders and offsets.
 */
describe('searched and tagged host pages, from the matches or walked', () => {
  const ctx = useTestApp();

  it('give the same hosts, in the same order, with the same totals', async () => {
    const org = await registerOrg(ctx.http);
    const owner = org.owner.session;
    const [net, other] = [await addNetwork(ctx.http, owner), await addNetwork(ctx.http, owner)];
    const subnet = await addSubnet(ctx.http, owner, net, '10.7.0.0/24');
    const [tag, rack] = [await addTag(ctx.http, owner), await addTag(ctx.http, owner)];
    const hosts = [];
    for (let i = 1; i <= 12; i++)
      hosts.push(
        await addHost(ctx.http, owner, i % 3 === 0 ? other : net, {
          name: i % 2 ? `web-${i}` : `db-${i}`,
          hostname: i % 4 === 0 ? `web${i}.lan` : null,
          description: i % 5 === 0 ? 'web tier' : '',
          tags: [...(i % 2 ? [tag] : []), ...(i % 4 === 1 || i === 6 ? [rack] : [])],
          ...(i % 3 !== 0 && { ip_addresses: [{ subnet_id: subnet, ip_address: `10.7.0.${i}` }] }),
          services: i % 6 === 0 ? [{ name: 'webhook-relay', service_definition: 'Nginx' }] : [],
        }),
      );
    await sleep(20);
    const before = new Date(Date.now());
    await sleep(20);
    expectOk(await ctx.http.as(owner).delete(`/api/v1/hosts/${hosts[0].id}`));
    expectOk(await ctx.http.as(owner).put(`/api/v1/hosts/${hosts[2].id}`, { ...hosts[2], name: 'renamed' }));

    const db = ctx.t.app.get(Database);
    const [joining, walking] = [new JoiningReader(db), new WalkingReader(db)];
    const tenant = ownerContext(org);
    const member: TenantContext = { ...tenant, role: 'Member', networkIds: [other] };
    const base: HostQuery = { orderDirection: 'asc', limit: 50, offset: 0, includeChildren: true };
    const queries: HostQuery[] = [
      { ...base, search: 'web' },
      { ...base, search: 'WEB', orderBy: 'name', orderDirection: 'desc', limit: 3, offset: 2 },
      { ...base, search: '10.7.0.1' },
      { ...base, search: 'hook' },
      { ...base, search: 'tier' },
      { ...base, search: `web\u0001` },
      { ...base, search: 'web', at: before },
      { ...base, search: 'web', networkId: net, tagIds: [tag] },
      { ...base, search: 'web', ids: [hosts[3].id, hosts[4].id, hosts[5].id] },
      { ...base, search: 'web', stale: false, groupBy: 'network_id' },
      { ...base, search: 'web', groupBy: 'hostname', includeChildren: false },
      { ...base, search: 'nothing-matches' },
      { ...base, tagIds: [tag] },
      { ...base, tagIds: [tag, rack], orderBy: 'name', orderDirection: 'desc', limit: 4, offset: 1 },
      { ...base, tagIds: [rack], at: before },
      { ...base, tagIds: [tag], networkId: other, stale: false, groupBy: 'network_id' },
      { ...base, tagIds: [tag, rack], ids: [hosts[1].id, hosts[4].id, hosts[5].id], includeChildren: false },
    ];
    let matched = 0;
    for (const [who, query] of [...queries.map((q) => [tenant, q] as const), [member, queries[0]] as const]) {
      const [joined, walked] = [await joining.list(who, query), await walking.list(who, query)];
      const page = (result: typeof joined) => ({ ...result, hosts: JSON.parse(result.hostsJson) as unknown[] });
      expect({ query, ...page(walked) }).toEqual({ query, ...page(joined) });
      matched += walked.total;
    }
    expect(matched).toBeGreaterThan(40);
  });
});
