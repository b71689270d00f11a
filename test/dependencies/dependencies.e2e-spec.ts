import { randomUUID } from 'node:crypto';
import { Credentials, expectError, expectOk, Reply } from '../support/http';
import { addHost, addSubnet, addTag, sleep } from '../support/hosts';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, Org, registerOrg } from '../support/tenants';

/** A dependency as the API answers it. */
type Dependency = Record<string, any> & { id: string }; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

interface Version {
  id: string;
  lineage_id: string | null;
  name: string;
  member_ids: string[];
  valid_from: Date;
  valid_to: Date | null;
}

const COLORS = [
  'Pink',
  'Rose',
  'Red',
  'Amber',
  'Orange',
  'Green',
  'Emerald',
  'Teal',
  'Cyan',
  'Blue',
  'Indigo',
  'Purple',
  'Fuchsia',
  'Violet',
  'Sky',
  'Gray',
  'Lime',
  'Yellow',
];
const ISO = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const UUID = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
/** An instant `ms` milliseconds after (or before, when negative) a timestamp the API answered, for `?at=`. */
const shifted = (timestamp: string, ms: number) => new Date(Date.parse(timestamp) + ms).toISOString();
const idsOf = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('dependencies: versioned paths between services or bindings', () => {
  const ctx = useTestApp();
  let org: Org;
  let net: string;
  const as = (who: Credentials = org.owner.session) => ctx.http.as(who);

  beforeEach(async () => {
    org = await registerOrg(ctx.http);
    net = await addNetwork(ctx.http, org.owner.session);
  });

  /** The body of a host with these services (client-chosen ids), so that a later PUT can keep or drop some. */
  const hostBody = (networkId: string, services: { id: string; name: string; bindings?: object[] }[], extra = {}) => ({
    network_id: networkId,
    name: 'app-server',
    services: services.map((s) => ({ service_definition: 'Http', bindings: [], ...s })),
    ...extra,
  });

  /** A host with `count` services on the network; returns the host id, the service ids and its body. */
  const servicesHost = async (count: number, networkId = net, who: Credentials = org.owner.session) => {
    const services = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), name: `svc-${i + 1}` }));
    const body = hostBody(networkId, services);
    const host = expectOk(await ctx.http.as(who).post('/api/v1/hosts', body), 201);
    return { hostId: host.id as string, ids: idsOf(services), services, body };
  };

  const body = (serviceIds: string[], extra: Record<string, unknown> = {}) => ({
    name: 'checkout path',
    network_id: net,
    color: 'Blue',
    dependency_type: 'RequestPath',
    edge_style: 'SmoothStep',
    members: { type: 'Services', service_ids: serviceIds },
    tags: [],
    ...extra,
  });

  const create = async (payload: object, who: Credentials = org.owner.session): Promise<Dependency> =>
    expectOk(await ctx.http.as(who).post('/api/v1/dependencies', payload), 201);

  const versions = (id: string): Promise<Version[]> =>
    ctx.t.dataSource.query(
      `SELECT id, lineage_id, name, member_ids, valid_from, valid_to FROM dependencies
       WHERE id = $1 OR lineage_id = $1 ORDER BY valid_from, valid_to NULLS LAST`,
      [id],
    );

  const dependencyRows = async () =>
    (
      await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM dependencies WHERE organization_id = $1`, [org.id])
    )[0].n as number;

  /** valid_to of the (single) row a service or binding keeps its id in. */
  const closedAt = async (table: 'services' | 'bindings', id: string): Promise<Date | null> =>
    (await ctx.t.dataSource.query(`SELECT valid_to FROM ${table} WHERE id = $1`, [id]))[0].valid_to;

  /** The error fields of a 400 validation_failed answer, each once. */
  const failedFields = (reply: Reply): string[] => [
    ...new Set<string>(
      expectError(reply, 400, 'validation_failed').params.errors.map((e: { field: string }) => e.field),
    ),
  ];
  const failedRules = (reply: Reply) =>
    expectError(reply, 400, 'validation_failed').params.errors.map((e: { field: string; rule: string }) => ({
      field: e.field,
      rule: e.rule,
    }));

  const listed = async (query = '', who: Credentials = org.owner.session) =>
    idsOf(expectOk(await ctx.http.as(who).get(`/api/v1/dependencies${query}`)));
  const ofService = async (serviceId: string, who: Credentials = org.owner.session) =>
    idsOf(expectOk(await ctx.http.as(who).get(`/api/v1/services/${serviceId}/dependencies`)));

  describe('create, read, update, delete', () => {
    it('POST answers the spec shape (members in the given order, source Manual whatever the client sent); GET and the list return the same', async () => {
      const { ids } = await servicesHost(3);
      const [s1, s2, s3] = ids;
      const tags = [await addTag(ctx.http, org.owner.session), await addTag(ctx.http, org.owner.session)];
      const created = await create(
        body([s3, s1, s2], {
          description: 'browser to database',
          color: 'Teal',
          edge_style: 'Bezier',
          tags,
          source: { type: 'Discovery' },
        }),
      );
      expect(created).toEqual({
        id: UUID,
        network_id: net,
        name: 'checkout path',
        description: 'browser to database',
        color: 'Teal',
        dependency_type: 'RequestPath',
        edge_style: 'Bezier',
        members: { type: 'Services', service_ids: [s3, s1, s2] },
        tags,
        source: { type: 'Manual' },
        created_at: ISO,
        updated_at: created.created_at,
        lineage_id: null,
        valid_from: created.created_at,
        valid_to: null,
      });
      expect(expectOk(await as().get(`/api/v1/dependencies/${created.id}`))).toEqual(created);
      const list = await as().get('/api/v1/dependencies');
      expect(expectOk(list)).toEqual([created]);
      expect(list.body.meta.pagination).toEqual({ total_count: 1, limit: 50, offset: 0, has_more: false });
      const rows = await ctx.t.dataSource.query(
        `SELECT id, lineage_id, valid_to, source, member_ids FROM dependencies WHERE organization_id = $1`,
        [org.id],
      );
      expect(rows).toEqual([
        { id: created.id, lineage_id: null, valid_to: null, source: { type: 'Manual' }, member_ids: [s3, s1, s2] },
      ]);
    });

    it('a HubAndSpoke keeps its first member as the hub; description may be left out (null)', async () => {
      const { ids } = await servicesHost(4);
      const [hub, a, b, c] = ids;
      const created = await create(
        body([hub, c, a, b], { dependency_type: 'HubAndSpoke', edge_style: 'Straight', color: 'Fuchsia' }),
      );
      expect(created).toMatchObject({
        dependency_type: 'HubAndSpoke',
        edge_style: 'Straight',
        color: 'Fuchsia',
        description: null,
        members: { type: 'Services', service_ids: [hub, c, a, b] },
      });
      expect(expectOk(await as().get(`/api/v1/dependencies/${created.id}`)).members).toEqual({
        type: 'Services',
        service_ids: [hub, c, a, b],
      });
    });

    it('PUT replaces every field and keeps id and created_at; the old row becomes a closed history row', async () => {
      const { ids } = await servicesHost(4);
      const [s1, s2, s3, s4] = ids;
      const tag = await addTag(ctx.http, org.owner.session);
      const created = await create(body([s1, s2], { description: 'first' }));
      await sleep(5);
      const put = await as().put(
        `/api/v1/dependencies/${created.id}`,
        body([s4, s3, s1], {
          name: 'renamed',
          description: null,
          color: 'Amber',
          dependency_type: 'HubAndSpoke',
          edge_style: 'Straight',
          tags: [tag],
          source: { type: 'System' },
        }),
      );
      const updated = expectOk(put);
      expect(updated).toEqual({
        id: created.id,
        network_id: net,
        name: 'renamed',
        description: null,
        color: 'Amber',
        dependency_type: 'HubAndSpoke',
        edge_style: 'Straight',
        members: { type: 'Services', service_ids: [s4, s3, s1] },
        tags: [tag],
        source: { type: 'Manual' },
        created_at: created.created_at,
        updated_at: ISO,
        lineage_id: null,
        valid_from: updated.updated_at,
        valid_to: null,
      });
      expect(Date.parse(updated.valid_from)).toBeGreaterThan(Date.parse(created.valid_from));
      expect(expectOk(await as().get(`/api/v1/dependencies/${created.id}`))).toEqual(updated);

      const history = await versions(created.id);
      expect(history).toHaveLength(2);
      const [old, live] = history;
      expect(old).toMatchObject({ lineage_id: created.id, name: 'checkout path', member_ids: [s1, s2] });
      expect(old.id).not.toBe(created.id);
      expect(old.valid_from.toISOString()).toBe(created.valid_from);
      expect(old.valid_to!.getTime()).toBe(live.valid_from.getTime());
      expect(live).toMatchObject({ id: created.id, lineage_id: null, valid_to: null, member_ids: [s4, s3, s1] });
    });

    it('PUT that only reorders the members versions the dependency; an identical PUT writes nothing', async () => {
      const { ids } = await servicesHost(3);
      const [s1, s2, s3] = ids;
      const created = await create(body([s3, s1, s2]));
      await sleep(5);
      const same = expectOk(await as().put(`/api/v1/dependencies/${created.id}`, body([s3, s1, s2])));
      expect(same).toEqual(created);
      expect(await versions(created.id)).toHaveLength(1);

      await sleep(5);
      const reordered = expectOk(await as().put(`/api/v1/dependencies/${created.id}`, body([s1, s2, s3])));
      expect(reordered.members).toEqual({ type: 'Services', service_ids: [s1, s2, s3] });
      expect(reordered.updated_at).not.toBe(created.updated_at);
      expect((await versions(created.id)).map((v) => [v.lineage_id, v.member_ids])).toEqual([
        [created.id, [s3, s1, s2]],
        [null, [s1, s2, s3]],
      ]);

      const again = expectOk(await as().put(`/api/v1/dependencies/${created.id}`, body([s1, s2, s3])));
      expect(again).toEqual(reordered);
      expect(await versions(created.id)).toHaveLength(2);
    });

    it('accepts each of the 18 colors, both dependency types and the three edge styles', async () => {
      const { ids } = await servicesHost(2);
      const created = await create(body(ids));
      for (const color of COLORS)
        expect(expectOk(await as().put(`/api/v1/dependencies/${created.id}`, body(ids, { color }))).color).toBe(color);
      for (const dependency_type of ['HubAndSpoke', 'RequestPath'])
        expect(
          expectOk(await as().put(`/api/v1/dependencies/${created.id}`, body(ids, { dependency_type })))
            .dependency_type,
        ).toBe(dependency_type);
      for (const edge_style of ['Straight', 'SmoothStep', 'Bezier'])
        expect(
          expectOk(await as().put(`/api/v1/dependencies/${created.id}`, body(ids, { edge_style }))).edge_style,
        ).toBe(edge_style);
    });

    it('DELETE answers {} and closes the live row: then 404 everywhere live, still there as of before', async () => {
      const { ids } = await servicesHost(2);
      const created = await create(body(ids));
      await sleep(5);
      const beforeDelete = new Date().toISOString();
      await sleep(5);
      expect(expectOk(await as().delete(`/api/v1/dependencies/${created.id}`))).toEqual({});
      expectError(await as().get(`/api/v1/dependencies/${created.id}`), 404, 'entity_not_found');
      expectError(await as().put(`/api/v1/dependencies/${created.id}`, body(ids)), 404, 'entity_not_found');
      expectError(await as().delete(`/api/v1/dependencies/${created.id}`), 404, 'entity_not_found');
      expect(await listed()).toEqual([]);
      expect(await ofService(ids[0])).toEqual([]);

      const then = expectOk(await as().get(`/api/v1/dependencies/${created.id}?at=${beforeDelete}`));
      expect(then).toMatchObject({ id: created.id, name: created.name, members: created.members });
      expect(await listed(`?at=${beforeDelete}`)).toEqual([created.id]);
      const rows = await versions(created.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: created.id, lineage_id: null });
      expect(rows[0].valid_to).not.toBeNull();
    });

    it('404 for an unknown dependency id, 400 for a path id that is not a uuid', async () => {
      const { ids } = await servicesHost(2);
      const unknown = randomUUID();
      const notFound = expectError(await as().get(`/api/v1/dependencies/${unknown}`), 404, 'entity_not_found');
      expect(notFound.params).toMatchObject({ id: unknown });
      expectError(await as().put(`/api/v1/dependencies/${unknown}`, body(ids)), 404, 'entity_not_found');
      expectError(await as().delete(`/api/v1/dependencies/${unknown}`), 404, 'entity_not_found');
      expectError(await as().get('/api/v1/dependencies/not-a-uuid'), 400, 'validation_failed');
      expectError(await as().put('/api/v1/dependencies/not-a-uuid', body(ids)), 400, 'validation_failed');
      expectError(await as().delete('/api/v1/dependencies/not-a-uuid'), 400, 'validation_failed');
    });
  });

  describe('validation', () => {
    it('refuses bad enums, member shapes, field types and unknown fields with 400 naming the field, writing nothing', async () => {
      const { ids } = await servicesHost(2);
      const cases: [Record<string, unknown>, string[]][] = [
        [{ color: 'Black' }, ['color']],
        [{ color: 'blue' }, ['color']],
        [{ color: undefined }, ['color']],
        [{ dependency_type: 'Mesh' }, ['dependency_type']],
        [{ dependency_type: undefined }, ['dependency_type']],
        [{ edge_style: 'Curved' }, ['edge_style']],
        [{ edge_style: undefined }, ['edge_style']],
        [{ members: { type: 'Hosts', service_ids: ids } }, ['members.type']],
        [{ members: { service_ids: ids } }, ['members.type']],
        [{ members: { type: 'Services' } }, ['members.service_ids']],
        [{ members: { type: 'Services', service_ids: 'x' } }, ['members.service_ids']],
        [{ members: { type: 'Services', service_ids: [ids[0], 'not-a-uuid'] } }, ['members.service_ids']],
        [{ members: { type: 'Bindings', service_ids: ids } }, ['members.binding_ids']],
        [{ members: { type: 'Services', service_ids: ids, extra: true } }, ['members.extra']],
        [{ members: null }, ['members']],
        [{ members: 'Services' }, ['members']],
        [{ owner: 'me' }, ['owner']],
        [{ name: '' }, ['name']],
        [{ name: 'x'.repeat(256) }, ['name']],
        [{ name: undefined }, ['name']],
        [{ description: 'x'.repeat(4097) }, ['description']],
        [{ network_id: 'nope' }, ['network_id']],
        [{ network_id: undefined }, ['network_id']],
        [{ tags: undefined }, ['tags']],
        [{ tags: ['not-a-uuid'] }, ['tags']],
      ];
      for (const [change, fields] of cases) {
        const reply = await as().post('/api/v1/dependencies', body(ids, change));
        expect([change, failedFields(reply)]).toEqual([change, fields]);
      }
      expect(await dependencyRows()).toBe(0);
    });

    it('members: at least two, no duplicates, each a live service of the network, named by position', async () => {
      const { ids, hostId, services } = await servicesHost(3);
      const [s1, s2, s3] = ids;
      const post = (serviceIds: string[]) =>
        as().post('/api/v1/dependencies', body(serviceIds, { members: { type: 'Services', service_ids: serviceIds } }));

      expect(failedRules(await post([s1]))).toEqual([{ field: 'members.service_ids', rule: 'min_members' }]);
      expect(failedRules(await post([]))).toEqual([{ field: 'members.service_ids', rule: 'min_members' }]);
      expect(failedRules(await post([s1, s2, s1]))).toEqual([{ field: 'members.service_ids[2]', rule: 'unique' }]);

      const otherNet = await addNetwork(ctx.http, org.owner.session);
      const [elsewhere] = (await servicesHost(1, otherNet)).ids;
      const sameOrgOtherNetwork = expectError(await post([s1, elsewhere]), 400, 'validation_failed');
      expect(sameOrgOtherNetwork.params.errors).toEqual([
        { field: 'members.service_ids[1]', rule: 'exists', message: expect.stringContaining(elsewhere) },
      ]);

      // another organization's service answers exactly like an id nobody has
      const other = await registerOrg(ctx.http);
      const theirNet = await addNetwork(ctx.http, other.owner.session);
      const [theirs] = (await servicesHost(1, theirNet, other.owner.session)).ids;
      const missing = randomUUID();
      const foreign = await post([s2, theirs]);
      const absent = await post([s2, missing]);
      expect(foreign.status).toBe(400);
      const strip = (reply: Reply, id: string) => {
        const { meta: _meta, ...rest } = reply.body;
        return JSON.parse(JSON.stringify(rest).split(id).join('<id>'));
      };
      expect(strip(foreign, theirs)).toEqual(strip(absent, missing));
      expect(foreign.body.params.errors).toEqual([
        { field: 'members.service_ids[1]', rule: 'exists', message: expect.stringContaining(theirs) },
      ]);

      // a service that was removed from its host is no longer a member candidate
      expectOk(await as().put(`/api/v1/hosts/${hostId}`, hostBody(net, services.slice(0, 2))));
      expect(failedRules(await post([s1, s3]))).toEqual([{ field: 'members.service_ids[1]', rule: 'exists' }]);

      expect(await dependencyRows()).toBe(0);
      expect(await listed()).toEqual([]);
    });

    it('a binding id under type Services, or a service id under type Bindings, is refused', async () => {
      const [p1, p2, s1, s2, b1, b2] = Array.from({ length: 6 }, () => randomUUID());
      await addHost(ctx.http, org.owner.session, net, {
        ports: [
          { id: p1, number: 80, protocol: 'Tcp', type: 'Http' },
          { id: p2, number: 443, protocol: 'Tcp', type: 'Https' },
        ],
        services: [
          { id: s1, name: 'web', service_definition: 'Http', bindings: [{ id: b1, type: 'Port', port_id: p1 }] },
          { id: s2, name: 'tls', service_definition: 'Https', bindings: [{ id: b2, type: 'Port', port_id: p2 }] },
        ],
      });
      expect(failedRules(await as().post('/api/v1/dependencies', body([s1, b2])))).toEqual([
        { field: 'members.service_ids[1]', rule: 'exists' },
      ]);
      const bindings = (bindingIds: string[]) => body([], { members: { type: 'Bindings', binding_ids: bindingIds } });
      expect(failedRules(await as().post('/api/v1/dependencies', bindings([s1, b2])))).toEqual([
        { field: 'members.binding_ids[0]', rule: 'exists' },
      ]);
      expect(failedRules(await as().post('/api/v1/dependencies', bindings([b1])))).toEqual([
        { field: 'members.binding_ids', rule: 'min_members' },
      ]);
      expect(failedRules(await as().post('/api/v1/dependencies', bindings([b1, b2, b1])))).toEqual([
        { field: 'members.binding_ids[2]', rule: 'unique' },
      ]);
      expect(await dependencyRows()).toBe(0);
    });

    it('tags must be tag ids of the organization', async () => {
      const { ids } = await servicesHost(2);
      const other = await registerOrg(ctx.http);
      const theirTag = await addTag(ctx.http, other.owner.session);
      expect(failedFields(await as().post('/api/v1/dependencies', body(ids, { tags: [theirTag] })))).toEqual(['tags']);
      expect(failedFields(await as().post('/api/v1/dependencies', body(ids, { tags: [randomUUID()] })))).toEqual([
        'tags',
      ]);
      expect(await dependencyRows()).toBe(0);
    });

    it('PUT validates the same way and cannot change network_id; a refused PUT changes nothing', async () => {
      const { ids } = await servicesHost(3);
      const [s1, s2] = ids;
      const created = await create(body([s1, s2]));
      const put = (payload: object) => as().put(`/api/v1/dependencies/${created.id}`, payload);

      const otherNet = await addNetwork(ctx.http, org.owner.session);
      const [elsewhere] = (await servicesHost(2, otherNet)).ids;
      for (const network_id of [otherNet, randomUUID()]) {
        const moved = expectError(await put(body([s1, s2], { network_id })), 400, 'validation_failed');
        expect(moved.params.errors).toEqual([expect.objectContaining({ field: 'network_id', rule: 'immutable' })]);
      }
      expect(failedRules(await put(body([s1])))).toEqual([{ field: 'members.service_ids', rule: 'min_members' }]);
      expect(failedRules(await put(body([s2, s1, s2])))).toEqual([{ field: 'members.service_ids[2]', rule: 'unique' }]);
      expect(failedRules(await put(body([s1, elsewhere])))).toEqual([
        { field: 'members.service_ids[1]', rule: 'exists' },
      ]);
      expect(failedFields(await put(body([s1, s2], { color: 'Black' })))).toEqual(['color']);
      expect(failedFields(await put(body([s1, s2], { dependency_type: 'Chain' })))).toEqual(['dependency_type']);
      expect(failedFields(await put(body([s1, s2], { edge_style: 'Zigzag' })))).toEqual(['edge_style']);
      expect(failedFields(await put(body([s1, s2], { lineage: randomUUID() })))).toEqual(['lineage']);
      expect(failedFields(await put(body([s1, s2], { tags: [randomUUID()] })))).toEqual(['tags']);

      expect(expectOk(await as().get(`/api/v1/dependencies/${created.id}`))).toEqual(created);
      expect(await versions(created.id)).toHaveLength(1);
    });
  });

  describe('as of an instant', () => {
    it('GET and the list with ?at= answer the version valid then, with the live id; history rows carry lineage_id', async () => {
      const { ids } = await servicesHost(3);
      const [s1, s2, s3] = ids;
      const beforeCreate = new Date(Date.now() - 1000).toISOString();
      const v1 = await create(body([s1, s2], { name: 'v1' }));
      await sleep(10);
      const v2 = expectOk(await as().put(`/api/v1/dependencies/${v1.id}`, body([s3, s2, s1], { name: 'v2' })));
      await sleep(10);
      const v3 = expectOk(
        await as().put(`/api/v1/dependencies/${v1.id}`, body([s2, s3], { name: 'v3', color: 'Red' })),
      );

      const at = async (instant: string) => {
        const one = await as().get(`/api/v1/dependencies/${v1.id}?at=${instant}`);
        const list = await as().get(`/api/v1/dependencies?at=${instant}`);
        return { one, list: expectOk(list) as Dependency[] };
      };

      const none = await at(beforeCreate);
      expectError(none.one, 404, 'entity_not_found');
      expect(none.list).toEqual([]);

      const first = await at(shifted(v2.valid_from, -1));
      expect(expectOk(first.one)).toMatchObject({
        id: v1.id,
        name: 'v1',
        members: { type: 'Services', service_ids: [s1, s2] },
        valid_from: v1.valid_from,
        valid_to: v2.valid_from,
      });
      expect(first.list).toEqual([expectOk(first.one)]);

      const second = await at(shifted(v2.valid_from, 1));
      expect(expectOk(second.one)).toMatchObject({
        id: v1.id,
        name: 'v2',
        members: { type: 'Services', service_ids: [s3, s2, s1] },
        valid_from: v2.valid_from,
        valid_to: v3.valid_from,
      });
      expect(second.list).toEqual([expectOk(second.one)]);

      const now = await at(shifted(v3.valid_from, 1));
      expect(expectOk(now.one)).toMatchObject({ id: v1.id, name: 'v3', color: 'Red', valid_to: null });

      const rows = await versions(v1.id);
      expect(rows.map((r) => [r.lineage_id, r.name, r.member_ids])).toEqual([
        [v1.id, 'v1', [s1, s2]],
        [v1.id, 'v2', [s3, s2, s1]],
        [null, 'v3', [s2, s3]],
      ]);
      for (let i = 1; i < rows.length; i++) expect(rows[i].valid_from.getTime()).toBe(rows[i - 1].valid_to!.getTime());
      expectError(await as().get(`/api/v1/dependencies?at=yesterday`), 400, 'validation_failed');
      expectError(await as().get(`/api/v1/dependencies/${v1.id}?at=yesterday`), 400, 'validation_failed');
    });
  });

  describe('when a member closes', () => {
    it('removing a service from its host (PUT) drops it from the dependency as a new version, in the same transaction', async () => {
      const { hostId, ids, services } = await servicesHost(3);
      const [s1, s2, s3] = ids;
      const created = await create(body([s3, s1, s2]));
      const untouched = await create(body([s1, s3], { name: 'untouched' }));
      await sleep(5);
      const beforeRemoval = new Date().toISOString();
      await sleep(5);
      // s1 is renamed (a new version of a live service: not a removal), s2 is dropped
      const renamed = { ...services[0], name: 'svc-1-renamed' };
      expectOk(await as().put(`/api/v1/hosts/${hostId}`, hostBody(net, [renamed, services[2]])));

      const live = expectOk(await as().get(`/api/v1/dependencies/${created.id}`));
      expect(live).toEqual({
        ...created,
        members: { type: 'Services', service_ids: [s3, s1] },
        updated_at: ISO,
        valid_from: live.updated_at,
      });
      expect(live.updated_at).not.toBe(created.updated_at);
      const rows = await versions(created.id);
      expect(rows.map((r) => [r.lineage_id, r.member_ids])).toEqual([
        [created.id, [s3, s1, s2]],
        [null, [s3, s1]],
      ]);
      const removedAt = await closedAt('services', s2);
      expect(removedAt).not.toBeNull();
      expect(rows[1].valid_from.getTime()).toBe(removedAt!.getTime());
      expect(rows[0].valid_to!.getTime()).toBe(removedAt!.getTime());

      const then = expectOk(await as().get(`/api/v1/dependencies/${created.id}?at=${beforeRemoval}`));
      expect(then.members).toEqual({ type: 'Services', service_ids: [s3, s1, s2] });
      expect(expectOk(await as().get(`/api/v1/dependencies/${untouched.id}`))).toEqual(untouched);
      expect(await versions(untouched.id)).toHaveLength(1);
    });

    it('a dependency left with fewer than two members is closed: 404 live, gone from lists, visible as of before', async () => {
      const { hostId, ids, services } = await servicesHost(3);
      const [s1, s2, s3] = ids;
      const pair = await create(body([s1, s2], { name: 'pair' }));
      const triple = await create(body([s1, s2, s3], { name: 'triple' }));
      await sleep(5);
      const beforeRemoval = new Date().toISOString();
      await sleep(5);
      expectOk(await as().put(`/api/v1/hosts/${hostId}`, hostBody(net, [services[0], services[2]])));

      expectError(await as().get(`/api/v1/dependencies/${pair.id}`), 404, 'entity_not_found');
      expect(await listed()).toEqual([triple.id]);
      expect(await ofService(s1)).toEqual([triple.id]);
      expect(expectOk(await as().get(`/api/v1/dependencies/${triple.id}`)).members.service_ids).toEqual([s1, s3]);
      const then = expectOk(await as().get(`/api/v1/dependencies/${pair.id}?at=${beforeRemoval}`));
      expect(then).toMatchObject({ id: pair.id, name: 'pair', members: { type: 'Services', service_ids: [s1, s2] } });
      expect(await listed(`?at=${beforeRemoval}`)).toEqual([pair.id, triple.id]);
      const rows = await versions(pair.id);
      expect(rows.filter((r) => r.valid_to === null)).toEqual([]);
      expect(rows[rows.length - 1].valid_to!.getTime()).toBe((await closedAt('services', s2))!.getTime());

      // removing one more closes the triple too
      expectOk(await as().put(`/api/v1/hosts/${hostId}`, hostBody(net, [services[2]])));
      expectError(await as().get(`/api/v1/dependencies/${triple.id}`), 404, 'entity_not_found');
      expect(await listed()).toEqual([]);
    });

    it('DELETE of a host drops its services from every dependency of the network and closes those left with one', async () => {
      const a = await servicesHost(2);
      const b = await servicesHost(2);
      const [a1, a2] = a.ids;
      const [b1, b2] = b.ids;
      const shrinks = await create(body([a1, b1, b2], { name: 'shrinks' }));
      const closes = await create(body([a2, b1, a1], { name: 'closes' }));
      const stays = await create(body([b2, b1], { name: 'stays' }));
      await sleep(5);
      expect(expectOk(await as().delete(`/api/v1/hosts/${a.hostId}`))).toEqual({});

      expect(expectOk(await as().get(`/api/v1/dependencies/${shrinks.id}`)).members).toEqual({
        type: 'Services',
        service_ids: [b1, b2],
      });
      expectError(await as().get(`/api/v1/dependencies/${closes.id}`), 404, 'entity_not_found');
      expect(expectOk(await as().get(`/api/v1/dependencies/${stays.id}`))).toEqual(stays);
      expect(await listed()).toEqual([shrinks.id, stays.id]);
      const deletedAt = (await closedAt('services', a1))!.getTime();
      expect((await versions(shrinks.id))[1].valid_from.getTime()).toBe(deletedAt);
      expect((await versions(closes.id))[0].valid_to!.getTime()).toBe(deletedAt);
      expect(await versions(stays.id)).toHaveLength(1);
    });

    it('an observation ingest that no longer sees a service drops it (and closes a dependency left with one)', async () => {
      await addSubnet(ctx.http, org.owner.session, net, '10.7.0.0/24');
      const observed = (services: object[]) => ({
        hostname: 'web.lan',
        mac: '00:aa:bb:cc:dd:07',
        ip_addresses: [{ ip_address: '10.7.0.10', mac_address: '00:aa:bb:cc:dd:07' }],
        ports: [
          { number: 80, protocol: 'Tcp', type: 'Http' },
          { number: 22, protocol: 'Tcp', type: 'Ssh' },
        ],
        services,
      });
      const nginx = { name: 'nginx', service_definition: 'Nginx', port: 80 };
      const ssh = { name: 'ssh', service_definition: 'Ssh', port: 22 };
      const api = { name: 'api', service_definition: 'Http' };
      const ingest = async (services: object[]) =>
        expectOk(
          await as().post('/api/v1/discovery/observations', {
            network_id: net,
            observed_at: new Date().toISOString(),
            hosts: [observed(services)],
          }),
        );
      const [hostId] = (await ingest([nginx, ssh, api])).host_ids;
      const host = expectOk(await as().get(`/api/v1/hosts/${hostId}`));
      const byName = Object.fromEntries(host.services.map((s: { name: string; id: string }) => [s.name, s.id]));
      const path = await create(body([byName.api, byName.nginx, byName.ssh], { name: 'path' }));
      const pair = await create(body([byName.ssh, byName.nginx], { name: 'pair' }));

      await ingest([nginx, ssh, api]);
      expect(await versions(path.id)).toHaveLength(1);
      expect(await versions(pair.id)).toHaveLength(1);

      await ingest([nginx, api]);
      const live = expectOk(await as().get(`/api/v1/dependencies/${path.id}`));
      expect(live.members).toEqual({ type: 'Services', service_ids: [byName.api, byName.nginx] });
      const gone = (await closedAt('services', byName.ssh))!.getTime();
      expect(Date.parse(live.valid_from)).toBe(gone);
      expect((await versions(path.id)).map((r) => [r.lineage_id, r.member_ids])).toEqual([
        [path.id, [byName.api, byName.nginx, byName.ssh]],
        [null, [byName.api, byName.nginx]],
      ]);
      expect((await versions(path.id))[1].valid_from.getTime()).toBe(gone);
      expectError(await as().get(`/api/v1/dependencies/${pair.id}`), 404, 'entity_not_found');
      expect((await versions(pair.id))[0].valid_to!.getTime()).toBe(gone);
      expect(await listed()).toEqual([path.id]);
    });

    it('binding members: kept in order, listed under their services, dropped when the binding or its service closes', async () => {
      const [ip, p1, p2, p3, s1, s2, s3, b1, b2, b3] = Array.from({ length: 10 }, () => randomUUID());
      const subnet = await addSubnet(ctx.http, org.owner.session, net, '10.8.0.0/24');
      const port = (id: string, number: number) => ({ id, number, protocol: 'Tcp', type: 'Custom' });
      const service = (id: string, name: string, bindings: object[]) => ({
        id,
        name,
        service_definition: 'Http',
        bindings,
      });
      const hostPayload = (services: object[]) => ({
        network_id: net,
        name: 'bound',
        ip_addresses: [{ id: ip, subnet_id: subnet, ip_address: '10.8.0.5' }],
        ports: [port(p1, 8001), port(p2, 8002), port(p3, 8003)],
        services,
      });
      const all = [
        service(s1, 'one', [{ id: b1, type: 'Port', port_id: p1 }]),
        service(s2, 'two', [{ id: b2, type: 'Port', port_id: p2 }]),
        service(s3, 'three', [{ id: b3, type: 'Port', port_id: p3 }]),
      ];
      const host = await addHost(ctx.http, org.owner.session, net, hostPayload(all));
      expect(host.services.flatMap((s: { bindings: { id: string }[] }) => s.bindings.map((b) => b.id)).sort()).toEqual(
        [b1, b2, b3].sort(),
      );

      const bindingsBody = (bindingIds: string[], extra = {}) =>
        body([], { members: { type: 'Bindings', binding_ids: bindingIds }, ...extra });
      const created = await create(bindingsBody([b2, b3, b1]));
      expect(created).toEqual({
        id: UUID,
        network_id: net,
        name: 'checkout path',
        description: null,
        color: 'Blue',
        dependency_type: 'RequestPath',
        edge_style: 'SmoothStep',
        members: { type: 'Bindings', binding_ids: [b2, b3, b1] },
        tags: [],
        source: { type: 'Manual' },
        created_at: ISO,
        updated_at: created.created_at,
        lineage_id: null,
        valid_from: created.created_at,
        valid_to: null,
      });
      expect(await ofService(s2)).toEqual([created.id]);

      // the binding of s1 goes, the service stays
      expectOk(await as().put(`/api/v1/hosts/${host.id}`, hostPayload([service(s1, 'one', []), all[1], all[2]])));
      const shrunk = expectOk(await as().get(`/api/v1/dependencies/${created.id}`));
      expect(shrunk.members).toEqual({ type: 'Bindings', binding_ids: [b2, b3] });
      expect((await versions(created.id))[1].valid_from.getTime()).toBe((await closedAt('bindings', b1))!.getTime());
      expect(await ofService(s1)).toEqual([]);

      // s3 goes with its binding: one member left, the dependency closes
      expectOk(await as().put(`/api/v1/hosts/${host.id}`, hostPayload([service(s1, 'one', []), all[1]])));
      expectError(await as().get(`/api/v1/dependencies/${created.id}`), 404, 'entity_not_found');
      expect(await ofService(s2)).toEqual([]);
    });
  });

  describe('GET /api/v1/services/{id}/dependencies', () => {
    it('lists the live dependencies a service takes part in, itself or through one of its bindings, paginated', async () => {
      const [p1, p3, s1, s2, s3, s4, b1, b3] = Array.from({ length: 8 }, () => randomUUID());
      await addHost(ctx.http, org.owner.session, net, {
        ports: [
          { id: p1, number: 80, protocol: 'Tcp', type: 'Http' },
          { id: p3, number: 5432, protocol: 'Tcp', type: 'Custom' },
        ],
        services: [
          { id: s1, name: 'web', service_definition: 'Http', bindings: [{ id: b1, type: 'Port', port_id: p1 }] },
          { id: s2, name: 'app', service_definition: 'Http' },
          { id: s3, name: 'db', service_definition: 'Postgres', bindings: [{ id: b3, type: 'Port', port_id: p3 }] },
          { id: s4, name: 'idle', service_definition: 'Http' },
        ],
      });
      const a = await create(body([s1, s2], { name: 'a' }));
      const b = await create(body([s2, s3], { name: 'b' }));
      const c = await create(body([], { name: 'c', members: { type: 'Bindings', binding_ids: [b3, b1] } }));
      const deleted = await create(body([s1, s3], { name: 'deleted' }));
      expectOk(await as().delete(`/api/v1/dependencies/${deleted.id}`));

      expect(await ofService(s1)).toEqual([a.id, c.id]);
      expect(await ofService(s2)).toEqual([a.id, b.id]);
      expect(await ofService(s3)).toEqual([b.id, c.id]);
      expect(await ofService(s4)).toEqual([]);

      const page = await as().get(`/api/v1/services/${s1}/dependencies?limit=1`);
      expect(expectOk(page)).toEqual([a]);
      expect(page.body.meta.pagination).toEqual({ total_count: 2, limit: 1, offset: 0, has_more: true });
      const next = await as().get(`/api/v1/services/${s1}/dependencies?limit=1&offset=1`);
      expect(idsOf(expectOk(next))).toEqual([c.id]);
      expect(next.body.meta.pagination).toEqual({ total_count: 2, limit: 1, offset: 1, has_more: false });
    });

    it('404 for an unknown service, another organization’s, or one on a network the caller cannot reach', async () => {
      const { ids } = await servicesHost(2);
      await create(body(ids));
      const unknown = randomUUID();
      const missing = expectError(await as().get(`/api/v1/services/${unknown}/dependencies`), 404, 'entity_not_found');
      expect(missing.params).toMatchObject({ id: unknown });
      expectError(await as().get('/api/v1/services/not-a-uuid/dependencies'), 400, 'validation_failed');

      const other = await registerOrg(ctx.http);
      expectError(
        await ctx.http.as(other.owner.session).get(`/api/v1/services/${ids[0]}/dependencies`),
        404,
        'entity_not_found',
      );
      const granted = await addNetwork(ctx.http, org.owner.session);
      const member = await addUser(ctx.http, org.owner.session, 'Member', [granted]);
      expectError(
        await ctx.http.as(member.session).get(`/api/v1/services/${ids[0]}/dependencies`),
        404,
        'entity_not_found',
      );
    });
  });

  describe('list', () => {
    it('filters by network_id and by tag_ids (ANY, repeated or comma list), pages with meta.pagination', async () => {
      const second = await addNetwork(ctx.http, org.owner.session);
      const here = (await servicesHost(2)).ids;
      const there = (await servicesHost(2, second)).ids;
      const [t1, t2, t3] = [
        await addTag(ctx.http, org.owner.session),
        await addTag(ctx.http, org.owner.session),
        await addTag(ctx.http, org.owner.session),
      ];
      const a = await create(body(here, { name: 'a', tags: [t1] }));
      const b = await create(body(there, { name: 'b', network_id: second, tags: [t2, t1] }));
      const c = await create(body(here, { name: 'c', tags: [t2] }));
      const d = await create(body(there, { name: 'd', network_id: second, tags: [] }));

      expect(await listed()).toEqual([a.id, b.id, c.id, d.id]);
      expect(await listed(`?network_id=${net}`)).toEqual([a.id, c.id]);
      expect(await listed(`?network_id=${second}`)).toEqual([b.id, d.id]);
      expect(await listed(`?network_id=${randomUUID()}`)).toEqual([]);
      expect(await listed(`?tag_ids=${t1}`)).toEqual([a.id, b.id]);
      expect(await listed(`?tag_ids=${t1}&tag_ids=${t2}`)).toEqual([a.id, b.id, c.id]);
      expect(await listed(`?tag_ids=${t2},${t3}`)).toEqual([b.id, c.id]);
      expect(await listed(`?tag_ids=${t3}`)).toEqual([]);
      expect(await listed(`?tag_ids=${t2}&network_id=${net}`)).toEqual([c.id]);

      const page = await as().get('/api/v1/dependencies?limit=3');
      expect(idsOf(expectOk(page))).toEqual([a.id, b.id, c.id]);
      expect(page.body.meta.pagination).toEqual({ total_count: 4, limit: 3, offset: 0, has_more: true });
      const rest = await as().get('/api/v1/dependencies?limit=3&offset=3');
      expect(idsOf(expectOk(rest))).toEqual([d.id]);
      expect(rest.body.meta.pagination).toEqual({ total_count: 4, limit: 3, offset: 3, has_more: false });
      const filtered = await as().get(`/api/v1/dependencies?network_id=${second}&limit=1&offset=1`);
      expect(idsOf(expectOk(filtered))).toEqual([d.id]);
      expect(filtered.body.meta.pagination).toEqual({ total_count: 2, limit: 1, offset: 1, has_more: false });
      const all = await as().get('/api/v1/dependencies?limit=0');
      expect(idsOf(expectOk(all))).toEqual([a.id, b.id, c.id, d.id]);
      expect(all.body.meta.pagination).toEqual({ total_count: 4, limit: 0, offset: 0, has_more: false });

      expect(
        expectError(await as().get('/api/v1/dependencies?limit=1001'), 400, 'validation_out_of_range').params,
      ).toMatchObject({ field: 'limit' });
      expectError(await as().get('/api/v1/dependencies?offset=-1'), 400, 'validation_out_of_range');
      expectError(await as().get('/api/v1/dependencies?tag_ids=nope'), 400, 'validation_failed');
      expectError(await as().get('/api/v1/dependencies?network_id=nope'), 400, 'validation_failed');
    });
  });

  describe('tenancy and roles', () => {
    it('another organization: 404 for its dependency (GET, PUT, DELETE), 404 for its network in a POST body, nothing listed', async () => {
      const { ids } = await servicesHost(2);
      const mine = await create(body(ids));
      const other = await registerOrg(ctx.http);
      const theirNet = await addNetwork(ctx.http, other.owner.session);
      const theirs = (await servicesHost(2, theirNet, other.owner.session)).ids;
      const them = ctx.http.as(other.owner.session);

      expectError(await them.get(`/api/v1/dependencies/${mine.id}`), 404, 'entity_not_found');
      expectError(await them.get(`/api/v1/dependencies/${mine.id}?at=${mine.valid_from}`), 404, 'entity_not_found');
      expectError(
        await them.put(`/api/v1/dependencies/${mine.id}`, body(theirs, { network_id: theirNet })),
        404,
        'entity_not_found',
      );
      expectError(await them.put(`/api/v1/dependencies/${mine.id}`, body(ids)), 404, 'entity_not_found');
      expectError(await them.delete(`/api/v1/dependencies/${mine.id}`), 404, 'entity_not_found');
      expectError(await them.post('/api/v1/dependencies', body(ids)), 404, 'entity_not_found');
      expect(await listed('', other.owner.session)).toEqual([]);
      expect(await listed(`?network_id=${net}`, other.owner.session)).toEqual([]);

      // my own POST naming their network, even with my services
      expectError(
        await as().post('/api/v1/dependencies', body(ids, { network_id: theirNet })),
        404,
        'entity_not_found',
      );
      expect(expectOk(await as().get(`/api/v1/dependencies/${mine.id}`))).toEqual(mine);
      expect(await versions(mine.id)).toHaveLength(1);
      expect(await dependencyRows()).toBe(1);
    });

    it('a Member without the network gets 404 and sees nothing; with it, writes; a Viewer reads but cannot write (403)', async () => {
      const { ids } = await servicesHost(3);
      const dep = await create(body(ids.slice(0, 2)));
      const otherNet = await addNetwork(ctx.http, org.owner.session);
      const outsider = await addUser(ctx.http, org.owner.session, 'Member', [otherNet]);
      const out = ctx.http.as(outsider.session);
      expectError(await out.get(`/api/v1/dependencies/${dep.id}`), 404, 'entity_not_found');
      expectError(await out.put(`/api/v1/dependencies/${dep.id}`, body(ids.slice(0, 2))), 404, 'entity_not_found');
      expectError(await out.delete(`/api/v1/dependencies/${dep.id}`), 404, 'entity_not_found');
      expectError(await out.post('/api/v1/dependencies', body(ids.slice(1))), 404, 'entity_not_found');
      expect(await listed('', outsider.session)).toEqual([]);
      expect(await listed(`?network_id=${net}`, outsider.session)).toEqual([]);
      expect(await listed(`?at=${shifted(dep.valid_from, 1)}`, outsider.session)).toEqual([]);

      const member = await addUser(ctx.http, org.owner.session, 'Member', [net]);
      const memberDep = await create(body(ids.slice(1), { name: 'by member' }), member.session);
      expect(
        expectOk(await as(member.session).put(`/api/v1/dependencies/${dep.id}`, body(ids, { name: 'm' }))).name,
      ).toBe('m');
      expect(await listed('', member.session)).toEqual([dep.id, memberDep.id]);

      const viewer = await addUser(ctx.http, org.owner.session, 'Viewer', [net]);
      const v = ctx.http.as(viewer.session);
      expect(expectOk(await v.get(`/api/v1/dependencies/${dep.id}`)).name).toBe('m');
      expect(await listed('', viewer.session)).toEqual([dep.id, memberDep.id]);
      expect(await ofService(ids[0], viewer.session)).toEqual([dep.id]);
      expectError(await v.post('/api/v1/dependencies', body(ids)), 403, 'auth_permission_denied');
      expectError(await v.put(`/api/v1/dependencies/${dep.id}`, body(ids)), 403, 'auth_permission_denied');
      expectError(await v.delete(`/api/v1/dependencies/${dep.id}`), 403, 'auth_permission_denied');

      expectOk(await out.get('/api/v1/dependencies'));
      expect(expectOk(await as().get(`/api/v1/dependencies/${dep.id}`)).name).toBe('m');
      expect(await versions(dep.id)).toHaveLength(2);
      expect(await dependencyRows()).toBe(3);
    });
  });
});
