import { rack, SERVERS_PER_SWITCH, subnetCount } from '../../scripts/seed-data';
import { expectError, expectOk } from '../support/http';
import { addSubnet } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';

const RACKS = 7;
const HOSTS = RACKS * (SERVERS_PER_SWITCH + 1); // 336: grouped

interface Match {
  id: string;
  kind: string;
  label: string;
  matched_on: string;
  text: string;
  node_id: string;
  open: string[];
}

/** GET /api/v1/topology/find: "Find a node" over the whole view, grouped members included. */
describe('GET /api/v1/topology/find', () => {
  const ctx = useTestApp();
  const big = {} as { owner: { cookie?: string }; net: string; ids: string[] };

  beforeAll(async () => {
    const org = await registerOrg(ctx.http);
    big.owner = org.owner.session;
    big.net = await addNetwork(ctx.http, org.owner.session);
    for (let s = 0; s < subnetCount(HOSTS); s++)
      await addSubnet(ctx.http, org.owner.session, big.net, `10.42.${s}.0/24`);
    const hosts = Array.from({ length: RACKS }, (_, r) => rack(r * 48, 48)).flat();
    const ingested = expectOk(
      await ctx.http.as(org.owner.session).post('/api/v1/discovery/observations', {
        network_id: big.net,
        observed_at: new Date().toISOString(),
        hosts,
      }),
    );
    big.ids = ingested.host_ids;
  }, 120_000);

  const find = async (q: string, view = 'L2Physical'): Promise<Match[]> =>
    expectOk(
      await ctx.http
        .as(big.owner)
        .get(`/api/v1/topology/find?network_id=${big.net}&view=${view}&q=${encodeURIComponent(q)}`),
    );
  const drawn = async (expand: string[]) =>
    (
      expectOk(
        await ctx.http
          .as(big.owner)
          .get(`/api/v1/topology?network_id=${big.net}&view=L2Physical&group=auto&expand=${expand.join(',')}`),
      ) as { nodes: { id: string }[] }
    ).nodes.map((n) => n.id);

  it('finds a server inside its switch group by name, and names the group to open to draw it', async () => {
    const [match] = await find('db-49');
    expect(match).toMatchObject({ kind: 'host', label: 'db-49', matched_on: 'name', node_id: big.ids[49] });
    expect(match.open).toEqual([`group:attached:${big.ids[48]}`]);
    expect(await drawn([])).not.toContain(match.node_id);
    expect(await drawn(match.open)).toContain(match.node_id);
  });

  it('finds by address, by MAC in any notation and by interface name; exact matches first', async () => {
    expect((await find('10.42.0.7'))[0]).toMatchObject({
      matched_on: 'address',
      text: '10.42.0.7',
      node_id: big.ids[5],
    });
    const byMac = await find('02-03-00-00-00-05');
    expect(byMac.map((m) => [m.matched_on, m.node_id])).toEqual([['mac', big.ids[5]]]);
    expect((await find('0203.0000.0005'))[0].node_id).toBe(big.ids[5]);
    // a port name: every switch has a ge-0/0/12; each match leads to its switch, drawn without opening anything
    const ports = await find('ge-0/0/12');
    expect(ports.map((m) => m.kind)).toEqual(Array(RACKS).fill('interface'));
    expect(ports.map((m) => m.node_id).sort()).toEqual(big.ids.filter((_, i) => i % 48 === 0).sort());
    expect(ports.every((m) => m.open.length === 0)).toBe(true);
    // the exact name first, then names starting with the text, in natural order
    expect((await find('sw-48')).map((m) => m.label)).toEqual(['sw-48']);
    expect((await find('db-9')).map((m) => m.label)).toEqual(['db-9', 'db-97']);
  });

  it('answers an empty list for no match, and at most 20 matches', async () => {
    expect(await find('no-such-host')).toEqual([]);
    expect((await find('10.42.')).length).toBe(20);
  });

  it('refuses a blank or missing text, keeps to the caller’s networks', async () => {
    const bad = await ctx.http.as(big.owner).get(`/api/v1/topology/find?network_id=${big.net}&view=L2Physical&q=`);
    expect(expectError(bad, 400, 'validation_failed').params.errors.map((e: { field: string }) => e.field)).toEqual([
      'q',
    ]);
    const stranger = await registerOrg(ctx.http);
    const foreign = await ctx.http
      .as(stranger.owner.session)
      .get(`/api/v1/topology/find?network_id=${big.net}&view=L2Physical&q=db`);
    expectError(foreign, 404, 'entity_not_found');
  });
});
