import { randomUUID } from 'node:crypto';
import { type Credentials, expectOk } from '../support/http';
import { addHost, sleep } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, type Org, registerOrg } from '../support/tenants';

/**
 * total_count and group_by=network_id of an unfiltered list come from the counts kept per network
 * (live_host_counts, migration 1763900000017); every write that adds, closes or removes hosts must keep
 * them equal to the hosts themselves, which the same list with a filter still counts one by one.
 */
describe('GET /api/v1/hosts: counts kept per network', () => {
  const ctx = useTestApp();
  let org: Org;
  let nets: string[];
  const as = (who: Credentials = org.owner.session) => ctx.http.as(who);

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    nets = [await addNetwork(ctx.http, org.owner.session), await addNetwork(ctx.http, org.owner.session)];
  });

  const pagination = async (query: string, who?: Credentials) => {
    const reply = await as(who).get(`/api/v1/hosts?limit=1&include_children=false${query}`);
    expectOk(reply);
    return reply.body.meta.pagination as { total_count: number; group_counts?: { value: string; count: number }[] };
  };
  /** The live hosts counted one by one: the stale filter's two halves bypass the kept counts. */
  const countedOneByOne = async (query = '', who?: Credentials) =>
    (await pagination(`&stale=false${query}`, who)).total_count +
    (await pagination(`&stale=true${query}`, who)).total_count;
  const liveInDatabase = async (networkId?: string) =>
    (
      await ctx.t.dataSource.query(
        `SELECT count(*)::int AS n FROM hosts WHERE organization_id = $1 AND valid_to IS NULL AND ($2::uuid IS NULL OR network_id = $2)`,
        [org.id, networkId ?? null],
      )
    )[0].n as number;

  /** The kept totals (all, per network, grouped) against the hosts themselves. */
  const expectCountsKept = async (expected: number[]) => {
    expect(await pagination('')).toMatchObject({ total_count: expected[0] + expected[1] });
    expect(await countedOneByOne()).toBe(expected[0] + expected[1]);
    expect(await liveInDatabase()).toBe(expected[0] + expected[1]);
    for (const [i, net] of nets.entries()) {
      expect((await pagination(`&network_id=${net}`)).total_count).toBe(expected[i]);
      expect(await liveInDatabase(net)).toBe(expected[i]);
    }
    const grouped = await pagination('&group_by=network_id');
    const byNetwork = nets.map((net, i) => ({ value: net, count: expected[i] })).filter((g) => g.count > 0);
    expect(grouped.group_counts).toEqual(byNetwork.sort((a, b) => a.value.localeCompare(b.value)));
  };

  it('follow creation, change, deletion and ingest', async () => {
    await expectCountsKept([0, 0]);
    const hosts = [];
    for (let i = 0; i < 3; i++) hosts.push(await addHost(ctx.http, org.owner.session, nets[0]));
    await addHost(ctx.http, org.owner.session, nets[1]);
    await expectCountsKept([3, 1]);

    // A change closes the old version and keeps the host: no change in count.
    expectOk(await as().put(`/api/v1/hosts/${hosts[0].id}`, { ...hosts[0], name: 'renamed' }));
    await expectCountsKept([3, 1]);

    expectOk(await as().delete(`/api/v1/hosts/${hosts[1].id}`));
    await expectCountsKept([2, 1]);

    expectOk(await as().post('/api/v1/subnets', { network_id: nets[1], cidr: '10.77.0.0/24' }), 201);
    const observed = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        hostname: `seen-${i}`,
        ip_addresses: [{ ip_address: `10.77.0.${i + 10}` }],
      }));
    const ingest = (hosts: object[]) =>
      as().post('/api/v1/discovery/observations', {
        network_id: nets[1],
        observed_at: new Date().toISOString(),
        hosts,
      });
    expectOk(await ingest(observed(5)));
    await expectCountsKept([2, 6]);
    // The same hosts observed again: matched, not added.
    expectOk(await ingest(observed(5)));
    await expectCountsKept([2, 6]);
  });

  it('answer as of an instant: the kept counts less the live hosts changed since, plus the versions closed since', async () => {
    const instants: { at: string; expected: number[] }[] = [];
    const mark = async (expected: number[]) => {
      await sleep(5);
      instants.push({ at: new Date().toISOString(), expected });
      await sleep(5);
    };
    await mark([0, 0]);
    const a = await addHost(ctx.http, org.owner.session, nets[0]);
    const b = await addHost(ctx.http, org.owner.session, nets[0]);
    await addHost(ctx.http, org.owner.session, nets[1]);
    await mark([2, 1]);
    expectOk(await as().put(`/api/v1/hosts/${a.id}`, { ...a, name: 'renamed once' }));
    await mark([2, 1]);
    expectOk(await as().delete(`/api/v1/hosts/${b.id}`));
    expectOk(await as().put(`/api/v1/hosts/${a.id}`, { ...a, name: 'renamed twice' }));
    await mark([1, 1]);
    await addHost(ctx.http, org.owner.session, nets[1]);
    for (const { at, expected } of instants) {
      const asOf = `&at=${encodeURIComponent(at)}`;
      expect({ at, total: (await pagination(asOf)).total_count }).toEqual({ at, total: expected[0] + expected[1] });
      expect(await countedOneByOne(asOf)).toBe(expected[0] + expected[1]);
      expect((await pagination(`${asOf}&network_id=${nets[1]}`)).total_count).toBe(expected[1]);
    }
  });

  it('drop a deleted network and count only the networks the caller may reach', async () => {
    await addHost(ctx.http, org.owner.session, nets[0]);
    await addHost(ctx.http, org.owner.session, nets[1]);
    await addHost(ctx.http, org.owner.session, nets[1]);
    const member = await addUser(ctx.http, org.owner.session, 'Member', [nets[1]]);
    const key = await addKey(ctx.http, org.owner.session, { network_ids: [nets[0]] });
    expect(await pagination('', member.session)).toMatchObject({ total_count: 2 });
    expect((await pagination('&group_by=network_id', member.session)).group_counts).toEqual([
      { value: nets[1], count: 2 },
    ]);
    expect(await pagination('', key.bearer)).toMatchObject({ total_count: 1 });

    // Another organization's hosts count only there.
    const other = await registerOrg(ctx.http);
    await addHost(ctx.http, other.owner.session, await addNetwork(ctx.http, other.owner.session));
    expect(await pagination('')).toMatchObject({ total_count: 3 });

    expectOk(await as().delete(`/api/v1/networks/${nets[1]}`));
    expect(await pagination('')).toMatchObject({ total_count: 1 });
    const left = await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM live_host_counts WHERE network_id = $1`, [
      nets[1],
    ]);
    expect(left[0].n).toBe(0);
  });

  it('stay exact under concurrent writes, without piling up rows per network', async () => {
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        addHost(ctx.http, org.owner.session, nets[i % 2], { name: `busy-${i}-${randomUUID()}` }),
      ),
    );
    await Promise.all(
      created.slice(0, 8).map((h) =>
        as()
          .delete(`/api/v1/hosts/${h.id}`)
          .then((r) => expectOk(r)),
      ),
    );
    await expectCountsKept([8, 8]);
    const rows = await ctx.t.dataSource.query(
      `SELECT network_id, count(*)::int AS n FROM live_host_counts WHERE organization_id = $1 GROUP BY 1`,
      [org.id],
    );
    // Each write folds the rows nobody else holds: far fewer rows than the 32 writes.
    for (const row of rows) expect(row.n).toBeLessThanOrEqual(8);
  });
});
