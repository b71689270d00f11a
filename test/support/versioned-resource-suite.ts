import { randomUUID } from 'node:crypto';
import { Credentials, expectError, expectOk, HttpClient } from './http';
import { useTestApp } from './test-app';
import { addKey, addNetwork, addUser, registerOrg } from './tenants';

type Body = Record<string, unknown>;
type Record_ = Body & { id: string; network_id: string; created_at: string; updated_at: string; valid_from: string };

/** An organization of its own for one test: Owner, networks n1 and n2, a Member and a Viewer granted n1. */
export interface Tenant {
  http: HttpClient;
  owner: Credentials;
  n1: string;
  n2: string;
}

/** What the suite needs to know of one versioned resource. */
export interface VersionedResource {
  /** `params.entity` of its 404 entity_not_found. */
  entity: string;
  /** The collection route, e.g. `/api/v1/subnets`. */
  route: string;
  /** A valid create body on the network, unique each call (it may create what the resource refers to). */
  body(tenant: Tenant, networkId: string): Promise<Body>;
  /** A valid PUT body that changes the record created from `body`, and fields the answer then shows. */
  update(body: Body): { body: Body; expect: Body };
}

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (a: string, b: string) => new Date((Date.parse(a) + Date.parse(b)) / 2).toISOString();
const at = (instant: string) => `at=${encodeURIComponent(instant)}`;
/** A record without what changes between its versions (and what the as-of read evaluates anew). */
const fieldsOf = ({ updated_at: _u, valid_from: _f, valid_to: _t, lineage_id: _l, changed_by: _c, ...fields }: Body) =>
  fields;

/**
 * The HTTP behaviour every versioned resource shares (as NetBox's generic API test cases do for its
 * models): create, get, list, PUT, as-of, history, delete, another tenant's id and an out-of-scope network
 * answered 404, and the role matrix. Declares the tests of one `describe`; fresh tenants in every test.
 */
export function versionedResourceSuite(name: string, resource: VersionedResource): void {
  describe(`${name}: the versioned-resource behaviour`, () => {
    const ctx = useTestApp();
    const one = (id: string, query = '') => `${resource.route}/${id}${query ? `?${query}` : ''}`;

    const newTenant = async (): Promise<Tenant> => {
      const org = await registerOrg(ctx.http);
      const owner = org.owner.session;
      return { http: ctx.http, owner, n1: await addNetwork(ctx.http, owner), n2: await addNetwork(ctx.http, owner) };
    };
    const create = async (tenant: Tenant, networkId = tenant.n1, as = tenant.owner) => {
      const body = await resource.body(tenant, networkId);
      const record = expectOk(await ctx.http.as(as).post(resource.route, body), 201) as Record_;
      return { body, record };
    };
    /** Created, then changed once: the two versions and the instant the change took effect. */
    const createAndUpdate = async (tenant: Tenant) => {
      const { body, record } = await create(tenant);
      await sleep(5);
      const change = resource.update(body);
      const updated = expectOk(await ctx.http.as(tenant.owner).put(one(record.id), change.body)) as Record_;
      return { record, updated, change };
    };
    const notFound = (reply: Awaited<ReturnType<HttpClient['get']>>, id: string) =>
      expect(expectError(reply, 404, 'entity_not_found').params).toEqual({ entity: resource.entity, id });

    it('creates a live version (valid_from = created_at, valid_to null), GET answers it, the list holds it', async () => {
      const tenant = await newTenant();
      const { record } = await create(tenant);
      expect(record).toMatchObject({ id: expect.any(String), network_id: tenant.n1, created_at: ISO, valid_to: null });
      expect([record.updated_at, record.valid_from]).toEqual([record.created_at, record.created_at]);
      expect(expectOk(await ctx.http.as(tenant.owner).get(one(record.id)))).toEqual(record);

      await create(tenant, tenant.n2);
      const list = await ctx.http.as(tenant.owner).get(`${resource.route}?network_id=${tenant.n1}`);
      expect(expectOk(list)).toEqual([record]);
      expect(list.body.meta.pagination).toEqual({ total_count: 1, limit: 50, offset: 0, has_more: false });
    });

    it('PUT versions the record: same id and created_at, a new valid_from; GET and the list answer it', async () => {
      const tenant = await newTenant();
      const { record, updated, change } = await createAndUpdate(tenant);
      expect(updated).toMatchObject({ ...change.expect, id: record.id, created_at: record.created_at, valid_to: null });
      expect(updated.valid_from).toBe(updated.updated_at);
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(record.updated_at));
      expect(expectOk(await ctx.http.as(tenant.owner).get(one(record.id)))).toEqual(updated);
      expect(expectOk(await ctx.http.as(tenant.owner).get(resource.route))).toEqual([updated]);
    });

    it('as of an instant, GET and the list answer the version valid then, with the live id', async () => {
      const tenant = await newTenant();
      const { record, updated } = await createAndUpdate(tenant);
      const before = between(record.valid_from, updated.valid_from);
      const then = expectOk(await ctx.http.as(tenant.owner).get(one(record.id, at(before))));
      expect(fieldsOf(then)).toEqual(fieldsOf(record));
      expect(then).toMatchObject({ id: record.id, valid_from: record.valid_from, valid_to: updated.valid_from });
      const listed = expectOk(await ctx.http.as(tenant.owner).get(`${resource.route}?${at(before)}`));
      expect(listed.map(fieldsOf)).toEqual([fieldsOf(record)]);
      expect(expectOk(await ctx.http.as(tenant.owner).get(one(record.id, at(updated.valid_from))))).toEqual(updated);

      const earlier = new Date(Date.parse(record.created_at) - 1).toISOString();
      notFound(await ctx.http.as(tenant.owner).get(one(record.id, at(earlier))), record.id);
      const invalid = expectError(
        await ctx.http.as(tenant.owner).get(one(record.id, 'at=0')),
        400,
        'validation_failed',
      );
      expect(invalid.params.errors).toEqual([
        { field: 'at', rule: 'isDate', message: 'at must be an ISO 8601 date-time' },
      ]);
    });

    it('history lists every version as stored, newest first, and outlives a delete', async () => {
      const tenant = await newTenant();
      const { record, updated } = await createAndUpdate(tenant);
      const versions = expectOk(await ctx.http.as(tenant.owner).get(`${one(record.id)}/history`));
      expect(versions).toHaveLength(2);
      const [live, old] = versions;
      // A version carries the record's own fields (a host's versions leave its children out).
      expect(fieldsOf(updated)).toMatchObject(fieldsOf(live));
      expect(live).toMatchObject({ id: record.id, lineage_id: null, valid_from: updated.valid_from, valid_to: null });
      expect(fieldsOf(record)).toMatchObject(fieldsOf({ ...old, id: record.id }));
      expect(old.id).not.toBe(record.id);
      expect(old).toMatchObject({ lineage_id: record.id, valid_from: record.valid_from, valid_to: live.valid_from });
      // Each version names who made it (docs/audit.md): here the Owner's session, each time.
      for (const version of [live, old])
        expect(version.changed_by).toEqual({
          type: 'user',
          id: expect.any(String),
          user_id: version.changed_by.id,
          request_id: expect.any(String),
        });
      expect(live.changed_by.request_id).not.toBe(old.changed_by.request_id);

      expectOk(await ctx.http.as(tenant.owner).delete(one(record.id)));
      const after = expectOk(await ctx.http.as(tenant.owner).get(`${one(record.id)}/history`));
      expect(after).toHaveLength(2);
      expect(after[0]).toMatchObject({ id: record.id, valid_to: ISO });
      const unknown = randomUUID();
      notFound(await ctx.http.as(tenant.owner).get(`${one(unknown)}/history`), unknown);
    });

    it('DELETE closes the record: 404 from then on, gone from the list, still there as of before', async () => {
      const tenant = await newTenant();
      const { body, record } = await create(tenant);
      await sleep(5);
      expect(expectOk(await ctx.http.as(tenant.owner).delete(one(record.id)))).toEqual({});
      notFound(await ctx.http.as(tenant.owner).get(one(record.id)), record.id);
      expect(expectOk(await ctx.http.as(tenant.owner).get(resource.route))).toEqual([]);
      notFound(await ctx.http.as(tenant.owner).delete(one(record.id)), record.id);
      notFound(await ctx.http.as(tenant.owner).put(one(record.id), resource.update(body).body), record.id);
      const then = expectOk(await ctx.http.as(tenant.owner).get(one(record.id, at(record.created_at))));
      expect(fieldsOf(then)).toEqual(fieldsOf(record));
    });

    it("another organization's id and a network out of the caller's reach answer 404 and change nothing", async () => {
      const tenant = await newTenant();
      const { body, record } = await create(tenant, tenant.n2);
      const stranger = (await registerOrg(ctx.http)).owner.session;
      const member = (await addUser(ctx.http, tenant.owner, 'Member', [tenant.n1])).session;
      const scopedKey = (await addKey(ctx.http, tenant.owner, { permissions: 'Admin', network_ids: [tenant.n1] }))
        .bearer;
      for (const caller of [stranger, member, scopedKey]) {
        const as = ctx.http.as(caller);
        notFound(await as.get(one(record.id)), record.id);
        notFound(await as.get(one(record.id, at(record.created_at))), record.id);
        notFound(await as.get(`${one(record.id)}/history`), record.id);
        notFound(await as.put(one(record.id), resource.update(body).body), record.id);
        notFound(await as.delete(one(record.id)), record.id);
        expect(expectOk(await as.get(resource.route))).toEqual([]);
      }
      expect(expectOk(await ctx.http.as(tenant.owner).get(`${one(record.id)}/history`))).toHaveLength(1);
      expect(expectOk(await ctx.http.as(tenant.owner).get(one(record.id)))).toEqual(record);
    });

    it('roles: Viewer reads, Member and above write, on their networks; anonymous callers are 401', async () => {
      const tenant = await newTenant();
      const { record } = await create(tenant);
      const viewer = (await addUser(ctx.http, tenant.owner, 'Viewer', [tenant.n1])).session;
      const member = (await addUser(ctx.http, tenant.owner, 'Member', [tenant.n1])).session;
      const admin = (await addUser(ctx.http, tenant.owner, 'Admin')).session;
      const reads = [resource.route, one(record.id), `${one(record.id)}/history`];
      for (const caller of [viewer, member, admin, tenant.owner])
        for (const path of reads) expectOk(await ctx.http.as(caller).get(path));
      for (const path of reads) expectError(await ctx.http.as().get(path), 401, 'auth_not_authenticated');

      const viewerWrite = await resource.body(tenant, tenant.n1);
      expectError(await ctx.http.as(viewer).post(resource.route, viewerWrite), 403, 'auth_permission_denied');
      expectError(await ctx.http.as(viewer).delete(one(record.id)), 403, 'auth_permission_denied');
      for (const caller of [member, admin, tenant.owner]) {
        const { body, record: own } = await create(tenant, tenant.n1, caller);
        expectOk(await ctx.http.as(caller).put(one(own.id), resource.update(body).body));
        expectOk(await ctx.http.as(caller).delete(one(own.id)));
      }
    });
  });
}
