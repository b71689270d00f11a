import { type Credentials, expectOk } from '../support/http';
import { addHost, type Host, listedIds, sleep } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, type Org, registerOrg } from '../support/tenants';

/**
 * search over the live hosts reads their texts from live_host_search (migration 1763900000022), kept by
 * triggers on hosts; a search as of an instant reads hosts themselves. Every write that adds, changes,
 * closes or removes hosts must keep the two answering alike.
 */
describe('GET /api/v1/hosts?search=: the live hosts’ texts kept apart', () => {
  const ctx = useTestApp();
  let org: Org;
  let nets: string[];
  const as = (who: Credentials = org.owner.session) => ctx.http.as(who);

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    nets = [await addNetwork(ctx.http, org.owner.session), await addNetwork(ctx.http, org.owner.session)];
  });

  const search = async (text: string, query = '', who?: Credentials) =>
    listedIds(await as(who).get(`/api/v1/hosts?include_children=false&search=${encodeURIComponent(text)}${query}`));
  /** Live search (the kept table) and search as of now (hosts) answer the same hosts, in the same order. */
  const found = async (text: string, who?: Credentials) => {
    const live = await search(text, '', who);
    await sleep(5);
    expect(await search(text, `&at=${encodeURIComponent(new Date().toISOString())}`, who)).toEqual(live);
    return live;
  };
  /** The kept rows are the organization's live hosts: id, network and lowered text. */
  const expectTableKept = async () => {
    const kept = await ctx.t.dataSource.query(
      `SELECT host_id AS id, network_id, search_text FROM live_host_search WHERE organization_id = $1 ORDER BY 1`,
      [org.id],
    );
    const live = await ctx.t.dataSource.query(
      `SELECT id, network_id, lower(name || chr(1) || hostname || chr(1) || description) AS search_text
         FROM hosts WHERE organization_id = $1 AND valid_to IS NULL ORDER BY 1`,
      [org.id],
    );
    expect(kept).toEqual(live);
  };

  it('follow creation, each text changed, deletion, ingest and a network deleted', async () => {
    const a: Host = await addHost(ctx.http, org.owner.session, nets[0], { name: 'Alpha-One', hostname: 'a1.lan' });
    const b: Host = await addHost(ctx.http, org.owner.session, nets[1], { name: 'beta', description: 'Rack ALPHA' });
    expect((await found('alpha')).sort()).toEqual([a.id, b.id].sort());
    await expectTableKept();

    expectOk(await as().put(`/api/v1/hosts/${a.id}`, { ...a, name: 'gamma' }));
    expect(await found('alpha')).toEqual([b.id]);
    expect(await found('GAMMA')).toEqual([a.id]);
    expectOk(await as().put(`/api/v1/hosts/${a.id}`, { ...a, name: 'gamma', hostname: 'delta.lan' }));
    expect(await found('a1.lan')).toEqual([]);
    expect(await found('delta')).toEqual([a.id]);
    expectOk(await as().put(`/api/v1/hosts/${b.id}`, { ...b, description: 'moved' }));
    expect(await found('alpha')).toEqual([]);
    await expectTableKept();

    expectOk(await as().delete(`/api/v1/hosts/${a.id}`));
    expect(await found('delta')).toEqual([]);
    await expectTableKept();

    expectOk(await as().post('/api/v1/subnets', { network_id: nets[0], cidr: '10.78.0.0/24' }), 201);
    const ingest = (hostnames: string[]) =>
      as().post('/api/v1/discovery/observations', {
        network_id: nets[0],
        observed_at: new Date().toISOString(),
        hosts: hostnames.map((hostname, i) => ({ hostname, ip_addresses: [{ ip_address: `10.78.0.${i + 10}` }] })),
      });
    expectOk(await ingest(['seen-one.lan', 'seen-two.lan']));
    expect(await found('seen-')).toHaveLength(2);
    // Seen again: matched, nothing new to search.
    expectOk(await ingest(['seen-one.lan', 'seen-two.lan']));
    expect(await found('seen-')).toHaveLength(2);
    await expectTableKept();

    expectOk(await as().delete(`/api/v1/networks/${nets[0]}`));
    expect(await found('seen-')).toEqual([]);
    expect(await found('beta')).toEqual([b.id]);
    await expectTableKept();
  });

  it('find only the hosts of the organization and of the networks the caller may reach', async () => {
    const mine = await addHost(ctx.http, org.owner.session, nets[0], { name: 'shared-word 1' });
    const theirs = await addHost(ctx.http, org.owner.session, nets[1], { name: 'shared-word 2' });
    const other = await registerOrg(ctx.http);
    await addHost(ctx.http, other.owner.session, await addNetwork(ctx.http, other.owner.session), {
      name: 'shared-word 3',
    });
    expect((await found('shared-word')).sort()).toEqual([mine.id, theirs.id].sort());
    const member = await addUser(ctx.http, org.owner.session, 'Member', [nets[1]]);
    expect(await found('shared-word', member.session)).toEqual([theirs.id]);
  });
});
