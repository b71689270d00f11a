import { randomUUID } from 'node:crypto';
import { expectError, expectOk, type HttpClient } from '../support/http';
import { addSubnet, addTag } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, type Org, registerOrg } from '../support/tenants';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

/** Every row a resource keeps, live and history: a PUT of what GET returned must add none. */
const VERSIONED_ROWS: Record<string, string> = {
  hosts: `SELECT count(*)::int AS n FROM hosts WHERE organization_id = $1`,
  children: `SELECT (SELECT count(*) FROM ip_addresses WHERE organization_id = $1) + (SELECT count(*) FROM ports WHERE organization_id = $1)
    + (SELECT count(*) FROM services WHERE organization_id = $1) + (SELECT count(*) FROM bindings WHERE organization_id = $1)
    + (SELECT count(*) FROM interfaces WHERE organization_id = $1) + (SELECT count(*) FROM host_tags WHERE organization_id = $1) AS n`,
  subnets: `SELECT count(*)::int AS n FROM subnets WHERE organization_id = $1`,
  dependencies: `SELECT count(*)::int AS n FROM dependencies WHERE organization_id = $1`,
};

describe('round-trip writes: a PUT takes the object as GET returned it', () => {
  const ctx = useTestApp();
  let org: Org;
  let me: HttpClient;
  let net: string;
  let subnet: string;
  let tag: string;

  beforeAll(async () => {
    org = await registerOrg(ctx.http);
    me = ctx.http.as(org.owner.session);
    net = await addNetwork(ctx.http, org.owner.session);
    subnet = await addSubnet(ctx.http, org.owner.session, net, '10.7.0.0/24');
    tag = await addTag(ctx.http, org.owner.session);
  });

  const rowCounts = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(VERSIONED_ROWS).map(async ([name, sql]) => [
          name,
          Number((await ctx.t.dataSource.query(sql, [org.id]))[0].n),
        ]),
      ),
    );

  /**
   * GET, PUT it back unchanged, GET again: the same object and no new row anywhere. Versioned records
   * keep even updated_at (nothing changed, no version); the others may touch it.
   */
  async function roundTrip(url: string, versioned: boolean) {
    const before = expectOk(await me.get(url)) as Json;
    const rows = await rowCounts();
    const put = await me.put(url, before);
    expectOk(put);
    expect(await rowCounts()).toEqual(rows);
    const after = expectOk(await me.get(url)) as Json;
    expect(versioned ? after : { ...after, updated_at: before.updated_at }).toEqual(before);
    return before;
  }

  async function refusesIdAndUnknownFields(url: string, body: Json) {
    const mismatch = expectError(await me.put(url, { ...body, id: randomUUID() }), 400, 'validation_failed');
    expect(mismatch.params.errors).toEqual([
      { field: 'id', rule: 'matchesPath', message: 'id must be the id in the path' },
    ]);
    const unknown = expectError(await me.put(url, { ...body, colour: 'red' }), 400, 'validation_failed');
    expect(unknown.params.errors).toEqual([expect.objectContaining({ field: 'colour', rule: 'whitelistValidation' })]);
  }

  const routes: [string, boolean, () => Promise<string>][] = [
    [
      'hosts, with every kind of child',
      true,
      async () => {
        const ip = randomUUID();
        const port = randomUUID();
        const host = expectOk(
          await me.post('/api/v1/hosts', {
            network_id: net,
            name: 'round-trip',
            tags: [tag],
            ip_addresses: [{ id: ip, subnet_id: subnet, ip_address: '10.7.0.5' }],
            ports: [{ id: port, number: 22, protocol: 'Tcp', type: 'Ssh' }],
            services: [
              {
                name: 'sshd',
                service_definition: 'OpenSSH',
                bindings: [{ type: 'Port', ip_address_id: ip, port_id: port }],
              },
            ],
            interfaces: [{ if_index: 1, if_name: 'eth0', ip_address_id: ip }],
          }),
          201,
        );
        return `/api/v1/hosts/${host.id}`;
      },
    ],
    ['networks', false, async () => `/api/v1/networks/${net}`],
    ['subnets', true, async () => `/api/v1/subnets/${subnet}`],
    ['tags', false, async () => `/api/v1/tags/${tag}`],
    [
      'credentials',
      false,
      async () => {
        const credential = expectOk(
          await me.post('/api/v1/credentials', {
            name: 'snmp',
            description: 'core switches',
            organization_id: org.id,
            credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'round-trip-community-secret' } },
            assigned_network_ids: [net],
            host_assignments: [],
            tags: [tag],
          }),
          201,
        );
        return `/api/v1/credentials/${credential.id}`;
      },
    ],
    [
      'dependencies',
      true,
      async () => {
        const services = [randomUUID(), randomUUID()];
        await me.post('/api/v1/hosts', {
          network_id: net,
          name: 'with services',
          services: services.map((id, i) => ({ id, name: `web-${i}`, service_definition: 'Http', bindings: [] })),
        });
        const dependency = expectOk(
          await me.post('/api/v1/dependencies', {
            name: 'path',
            network_id: net,
            color: 'Blue',
            dependency_type: 'RequestPath',
            edge_style: 'SmoothStep',
            members: { type: 'Services', service_ids: services },
            tags: [tag],
          }),
          201,
        );
        return `/api/v1/dependencies/${dependency.id}`;
      },
    ],
    ['users', false, async () => `/api/v1/users/${(await addUser(ctx.http, org.owner.session, 'Member', [net])).id}`],
    ['API keys', false, async () => `/api/v1/auth/keys/${(await addKey(ctx.http, org.owner.session)).id}`],
    [
      'shares',
      false,
      async () =>
        `/api/v1/shares/${expectOk(await me.post('/api/v1/shares', { network_id: net, name: 'share' }), 201).id}`,
    ],
  ];

  it.each(routes)('%s', async (_name, versioned, create) => {
    const url = await create();
    const body = await roundTrip(url, versioned);
    await refusesIdAndUnknownFields(url, body);
  });
});

describe('a credential description', () => {
  const ctx = useTestApp();

  it('is a string or null of at most 4096 characters; a PUT without it clears it', async () => {
    const org = await registerOrg(ctx.http);
    const me = ctx.http.as(org.owner.session);
    const body = {
      name: 'snmp',
      organization_id: org.id,
      credential_type: { type: 'SnmpV2c', community: { mode: 'Inline', value: 'described' } },
      assigned_network_ids: [],
      host_assignments: [],
      tags: [],
    };
    const bare = expectOk(await me.post('/api/v1/credentials', body), 201);
    expect(bare.description).toBeNull();
    const url = `/api/v1/credentials/${bare.id}`;
    const described = expectOk(await me.put(url, { ...body, description: 'd'.repeat(4096) }));
    expect(described.description).toHaveLength(4096);
    expect(expectOk(await me.get(url)).description).toHaveLength(4096);
    const tooLong = expectError(
      await me.put(url, { ...body, description: 'd'.repeat(4097) }),
      400,
      'validation_failed',
    );
    expect(tooLong.params.errors).toEqual([expect.objectContaining({ field: 'description', rule: 'maxLength' })]);
    expect(expectOk(await me.put(url, body)).description).toBeNull();
  });
});

describe('DELETE with Content-Type: application/json and no body', () => {
  const ctx = useTestApp();

  it('is accepted like any DELETE', async () => {
    const org = await registerOrg(ctx.http);
    const tag = await addTag(ctx.http, org.owner.session);
    const reply = await ctx.http
      .as(org.owner.session)
      .delete(`/api/v1/tags/${tag}`, { 'content-type': 'application/json' });
    expect(expectOk(reply)).toEqual({});
    expectError(await ctx.http.as(org.owner.session).get(`/api/v1/tags/${tag}`), 404, 'entity_not_found');
  });
});
