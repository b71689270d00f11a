import { expectOk } from '../support/http';
import { addHost, addSubnet, addTag, idsOf, sleep } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, type Org, registerOrg } from '../support/tenants';

/**
 * A list searched or filtered by tags counts its matches as found (host text, addresses, service names;
 * tag assignments), not by testing every host: the totals and group counts must stay those of the hosts the
 * list returns.
 */
describe('GET /api/v1/hosts: totals of search and tag_ids matches', () => {
  const ctx = useTestApp();
  let org: Org;

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
  });

  /** The whole list's ids (rows, not counts) beside the total and group counts of a page of one. */
  const searched = async (query: string, who = org.owner.session) => {
    const all = await ctx.http.as(who).get(`/api/v1/hosts?limit=0&include_children=false&${query}`);
    const page = await ctx.http.as(who).get(`/api/v1/hosts?limit=1&group_by=network_id&${query}`);
    expectOk(page);
    const { total_count, group_counts } = page.body.meta.pagination;
    return { ids: idsOf(expectOk(all)).sort(), total_count, group_counts };
  };

  it('count each host once however many ways it matches, within the networks asked and reachable, live or as of an instant', async () => {
    const [net, other] = [await addNetwork(ctx.http, org.owner.session), await addNetwork(ctx.http, org.owner.session)];
    const subnets = [await addSubnet(ctx.http, org.owner.session, net, '10.9.0.0/24')];
    subnets.push(await addSubnet(ctx.http, org.owner.session, other, '10.9.0.0/24'));
    const everyWay = await addHost(ctx.http, org.owner.session, net, {
      name: 'kilo-1',
      hostname: 'kilo.lan',
      description: 'kilo rack',
      ip_addresses: [{ subnet_id: subnets[0], ip_address: '10.9.0.1' }],
      services: [
        { name: 'kilo-db', service_definition: 'Postgres' },
        { name: 'kilo-cache', service_definition: 'Redis' },
      ],
    });
    const byService = await addHost(ctx.http, org.owner.session, other, {
      name: 'h2',
      ip_addresses: [{ subnet_id: subnets[1], ip_address: '10.9.0.2' }],
      services: [{ name: 'KILO-web', service_definition: 'Nginx' }],
    });
    const gone = await addHost(ctx.http, org.owner.session, other, {
      name: 'h3',
      services: [{ name: 'kilo-old', service_definition: 'Nginx' }],
    });
    await addHost(ctx.http, org.owner.session, net, { name: 'unrelated' });
    await sleep(20);
    const beforeDelete = new Date().toISOString();
    await sleep(20);
    expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/hosts/${gone.id}`));

    const groups = (...byNetwork: [string, number][]) =>
      byNetwork.map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value));
    expect(await searched('search=kilo')).toEqual({
      ids: [everyWay.id, byService.id].sort(),
      total_count: 2,
      group_counts: groups([net, 1], [other, 1]),
    });
    expect(await searched(`search=kilo&at=${encodeURIComponent(beforeDelete)}`)).toEqual({
      ids: [everyWay.id, byService.id, gone.id].sort(),
      total_count: 3,
      group_counts: groups([net, 1], [other, 2]),
    });
    expect(await searched(`search=kilo&network_id=${other}`)).toEqual({
      ids: [byService.id],
      total_count: 1,
      group_counts: groups([other, 1]),
    });
    expect(await searched('search=10.9.0.')).toEqual({
      ids: [everyWay.id, byService.id].sort(),
      total_count: 2,
      group_counts: groups([net, 1], [other, 1]),
    });
    const member = await addUser(ctx.http, org.owner.session, 'Member', [net]);
    expect(await searched('search=kilo', member.session)).toEqual({
      ids: [everyWay.id],
      total_count: 1,
      group_counts: groups([net, 1]),
    });
    // A match lies within one of the host's texts, never across two of them.
    const joined = await addHost(ctx.http, org.owner.session, net, { name: 'Kilo-Cross', hostname: 'over.lan' });
    expect((await searched('search=cross')).ids).toContain(joined.id);
    expect(await searched(`search=${encodeURIComponent('cross over')}`)).toEqual({
      ids: [],
      total_count: 0,
      group_counts: [],
    });
    expect((await searched('search=kilo')).total_count).toBe(3);
    expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/hosts/${joined.id}`));
    // Another organization's matches count only there.
    const stranger = await registerOrg(ctx.http);
    await addHost(ctx.http, stranger.owner.session, await addNetwork(ctx.http, stranger.owner.session), {
      name: 'kilo-elsewhere',
    });
    expect((await searched('search=kilo')).total_count).toBe(2);
  });

  it('count each tagged host once, as of an instant too, within the networks asked and reachable', async () => {
    const [net, other] = [await addNetwork(ctx.http, org.owner.session), await addNetwork(ctx.http, org.owner.session)];
    const [red, blue, green] = [
      await addTag(ctx.http, org.owner.session),
      await addTag(ctx.http, org.owner.session),
      await addTag(ctx.http, org.owner.session),
    ];
    const both = await addHost(ctx.http, org.owner.session, net, { name: 'both', tags: [red, blue] });
    const redOther = await addHost(ctx.http, org.owner.session, other, { name: 'red-other', tags: [red] });
    const untagged = await addHost(ctx.http, org.owner.session, other, { name: 'untagged', tags: [red] });
    const gone = await addHost(ctx.http, org.owner.session, other, { name: 'gone', tags: [blue] });
    await addHost(ctx.http, org.owner.session, net, { name: 'green', tags: [green] });
    await sleep(20);
    const before = new Date().toISOString();
    await sleep(20);
    expectOk(await ctx.http.as(org.owner.session).put(`/api/v1/hosts/${untagged.id}`, { ...untagged, tags: [] }));
    expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/hosts/${gone.id}`));

    const tags = `tag_ids=${red},${blue}`;
    const groups = (...byNetwork: [string, number][]) =>
      byNetwork.map(([value, count]) => ({ value, count })).sort((a, b) => a.value.localeCompare(b.value));
    expect(await searched(tags)).toEqual({
      ids: [both.id, redOther.id].sort(),
      total_count: 2,
      group_counts: groups([net, 1], [other, 1]),
    });
    expect(await searched(`${tags}&at=${encodeURIComponent(before)}`)).toEqual({
      ids: [both.id, redOther.id, untagged.id, gone.id].sort(),
      total_count: 4,
      group_counts: groups([net, 1], [other, 3]),
    });
    expect(await searched(`${tags}&network_id=${net}`)).toEqual({
      ids: [both.id],
      total_count: 1,
      group_counts: groups([net, 1]),
    });
    const member = await addUser(ctx.http, org.owner.session, 'Member', [other]);
    expect(await searched(tags, member.session)).toEqual({
      ids: [redOther.id],
      total_count: 1,
      group_counts: groups([other, 1]),
    });
    // With search as well, the hosts are counted one by one: the same answer.
    expect(await searched(`${tags}&search=both`)).toEqual({
      ids: [both.id],
      total_count: 1,
      group_counts: groups([net, 1]),
    });
  });
});
