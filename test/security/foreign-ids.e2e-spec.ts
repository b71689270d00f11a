import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, Org, registerOrg } from '../support/tenants';

/** #17: ids of another tenant (or of a network out of reach) are refused like ids that do not exist. */
describe('foreign ids', () => {
  const ctx = useTestApp({ env: { DISCOVERY_ALLOWED_CIDRS: '127.66.0.0/16' } });
  let a: Org;
  let b: Org;
  let netA: string;
  let netB: string;
  const count = async (table: string, org: Org) =>
    (await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [org.id]))[0]
      .n as number;
  const startRun = async (org: Org, net: string): Promise<string> => {
    expectOk(
      await ctx.http.as(org.owner.session).post('/api/v1/subnets', { network_id: net, cidr: '127.66.0.0/24' }),
      201,
    );
    return expectOk(
      await ctx.http
        .as(org.owner.session)
        .post('/api/v1/discovery/runs', { network_id: net, targets: ['127.66.0.9'], ports: [9] }),
      202,
    ).id;
  };

  beforeEach(async () => {
    a = await registerOrg(ctx.http);
    b = await registerOrg(ctx.http);
    netA = await addNetwork(ctx.http, a.owner.session);
    netB = await addNetwork(ctx.http, b.owner.session);
  });

  describe('POST /api/v1/discovery/observations discovery_id', () => {
    const ingest = (org: Org, net: string, discoveryId: string, who = org.owner.session) =>
      ctx.http.as(who).post('/api/v1/discovery/observations', {
        network_id: net,
        observed_at: new Date().toISOString(),
        discovery_id: discoveryId,
        hosts: [{ hostname: 'x', mac: '00:AA:BB:CC:DD:77', ip_addresses: [] }],
      });

    it("another tenant's run id is 404 entity_not_found for the run and writes nothing", async () => {
      const runB = await startRun(b, netB);
      const error = expectError(await ingest(a, netA, runB), 404, 'entity_not_found');
      expect(error.params).toEqual({ entity: 'discovery run', id: runB });
      expect(await count('hosts', a)).toBe(0);
    });

    it('a run of another network of the same organization is 400 naming discovery_id, or 404 when that network is out of reach', async () => {
      const other = await addNetwork(ctx.http, a.owner.session);
      const run = await startRun(a, other);
      const error = expectError(await ingest(a, netA, run), 400, 'validation_failed');
      expect(error.params.errors[0]).toMatchObject({ field: 'discovery_id', rule: 'sameNetwork' });
      const member = await addUser(ctx.http, a.owner.session, 'Member', [netA]);
      expectError(await ingest(a, netA, run, member.session), 404, 'entity_not_found');
      expect(await count('hosts', a)).toBe(0);
    });

    it("the network's own run id and a fresh client id are taken", async () => {
      const run = await startRun(a, netA);
      expect(expectOk(await ingest(a, netA, run)).discovery_id).toBe(run);
      const fresh = crypto.randomUUID();
      expect(expectOk(await ingest(a, netA, fresh)).discovery_id).toBe(fresh);
    });
  });
});
