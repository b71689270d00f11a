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

  describe('client-chosen child ids', () => {
    /** A host body whose five child kinds carry the given ids. */
    const body = async (org: Org, net: string, ids: string[], cidr: string) => {
      const subnet = expectOk(
        await ctx.http.as(org.owner.session).post('/api/v1/subnets', { network_id: net, cidr }),
        201,
      ).id;
      const [ip, port, service, binding, iface] = ids;
      return {
        network_id: net,
        name: 'h',
        ip_addresses: [{ id: ip, subnet_id: subnet, ip_address: cidr.replace('0/24', '5') }],
        ports: [{ id: port, number: 22, protocol: 'Tcp', type: 'Ssh' }],
        services: [
          {
            id: service,
            name: 'ssh',
            service_definition: 'OpenSsh',
            bindings: [{ id: binding, type: 'Port', port_id: port }],
          },
        ],
        interfaces: [{ id: iface, if_index: 1, ip_address_id: ip }],
      };
    };
    const fiveIds = () => Array.from({ length: 5 }, () => crypto.randomUUID());
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies
    const strip = (host: Record<string, any>) => ({
      ip: host.ip_addresses.map((c: { id: string }) => c.id),
      port: host.ports.map((c: { id: string }) => c.id),
      service: host.services.map((c: { id: string }) => c.id),
      binding: host.services.flatMap((s: { bindings: { id: string }[] }) => s.bindings.map((c) => c.id)),
      iface: host.interfaces.map((c: { id: string }) => c.id),
    });

    it("another tenant's child ids answer exactly like fresh ids (201, taken as given); the other tenant's rows are untouched", async () => {
      const ids = fiveIds();
      const hostB = expectOk(
        await ctx.http.as(b.owner.session).post('/api/v1/hosts', await body(b, netB, ids, '10.20.1.0/24')),
        201,
      );
      const before = expectOk(await ctx.http.as(b.owner.session).get(`/api/v1/hosts/${hostB.id}`));

      const foreign = await ctx.http
        .as(a.owner.session)
        .post('/api/v1/hosts', await body(a, netA, ids, '10.30.1.0/24'));
      const fresh = await ctx.http
        .as(a.owner.session)
        .post('/api/v1/hosts', await body(a, netA, fiveIds(), '10.40.1.0/24'));
      expect(foreign.status).toBe(201);
      expect(fresh.status).toBe(201);
      const hostA = expectOk(foreign, 201);
      expect(strip(hostA)).toEqual(strip(hostB));

      // A PUT in A that changes those children versions A's rows only.
      const put = await body(a, netA, ids, '10.50.1.0/24');
      put.ports[0].number = 2222;
      expectOk(await ctx.http.as(a.owner.session).put(`/api/v1/hosts/${hostA.id}`, { ...put, name: 'h2' }));
      expect(expectOk(await ctx.http.as(b.owner.session).get(`/api/v1/hosts/${hostB.id}`))).toEqual(before);
      const history = await ctx.t.dataSource.query(
        `SELECT count(*)::int AS n FROM ports WHERE organization_id = $1 AND lineage_id IS NOT NULL`,
        [b.id],
      );
      expect(history[0].n).toBe(0);
    });

    it('an id in use in the own organization (another host) is still 409 entity_conflict', async () => {
      const ids = fiveIds();
      expectOk(await ctx.http.as(a.owner.session).post('/api/v1/hosts', await body(a, netA, ids, '10.60.1.0/24')), 201);
      const again = await ctx.http.as(a.owner.session).post('/api/v1/hosts', await body(a, netA, ids, '10.70.1.0/24'));
      expect(expectError(again, 409, 'entity_conflict').params.field).toBe('id');
    });
  });
});
