import { randomUUID } from 'node:crypto';
import { COLORS } from '../../src/modules/tenancy/domain/tag';
import { Credentials, expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, Org, registerOrg } from '../support/tenants';

const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tags', () => {
  const ctx = useTestApp();
  let org: Org;
  beforeEach(async () => {
    org = await registerOrg(ctx.http);
  });

  const owner = () => ctx.http.as(org.owner.session);
  const addTag = async (body: Record<string, unknown>, as: Credentials = org.owner.session) =>
    expectOk(await ctx.http.as(as).post('/api/v1/tags', body), 201);
  const countTags = async (organizationId = org.id) =>
    (
      await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM tags WHERE organization_id = $1`, [organizationId])
    )[0].n as number;

  it('creates, reads, lists, updates and deletes, with the exact record', async () => {
    const created = await addTag({ name: 'production', color: 'Red' });
    expect(created).toEqual({
      id: expect.any(String),
      organization_id: org.id,
      name: 'production',
      color: 'Red',
      created_at: ISO,
      updated_at: created.created_at,
    });
    expect(expectOk(await owner().get(`/api/v1/tags/${created.id}`))).toEqual(created);
    const list = await owner().get('/api/v1/tags');
    expect(expectOk(list)).toEqual([created]);
    expect(list.body.meta.pagination).toEqual({ total_count: 1, limit: 50, offset: 0, has_more: false });

    await sleep(5);
    const updated = expectOk(await owner().put(`/api/v1/tags/${created.id}`, { name: 'prod', color: 'Blue' }));
    expect(updated).toEqual({ ...created, name: 'prod', color: 'Blue', updated_at: ISO });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(expectOk(await owner().get(`/api/v1/tags/${created.id}`))).toEqual(updated);
    // PUT replaces: a color left out goes back to the default.
    expect(expectOk(await owner().put(`/api/v1/tags/${created.id}`, { name: 'prod' })).color).toBe('Gray');

    expect(expectOk(await owner().delete(`/api/v1/tags/${created.id}`))).toEqual({});
    const gone = expectError(await owner().get(`/api/v1/tags/${created.id}`), 404, 'entity_not_found');
    expect(gone.params).toEqual({ entity: 'tag', id: created.id });
    expect(expectOk(await owner().get('/api/v1/tags'))).toEqual([]);
    expectError(await owner().delete(`/api/v1/tags/${created.id}`), 404, 'entity_not_found');
    expectError(await owner().put(`/api/v1/tags/${created.id}`, { name: 'x' }), 404, 'entity_not_found');
    expect(await countTags()).toBe(0);
  });

  it('defaults the color to Gray, for omitted and null alike', async () => {
    expect((await addTag({ name: 'plain' })).color).toBe('Gray');
    expect((await addTag({ name: 'nulled', color: null })).color).toBe('Gray');
  });

  it('takes each of the 18 colors and nothing else', async () => {
    expect(COLORS).toHaveLength(18);
    for (const color of COLORS) expect((await addTag({ name: `tag ${color}`, color })).color).toBe(color);
    for (const color of ['gray', 'GRAY', 'Black', '', 5, ['Red']]) {
      const reply = await owner().post('/api/v1/tags', { name: `bad ${String(color)}`, color });
      expect({ color, field: expectError(reply, 400, 'validation_failed').params.errors[0].field }).toEqual({
        color,
        field: 'color',
      });
    }
    const some = await addTag({ name: 'some' });
    const reply = await owner().put(`/api/v1/tags/${some.id}`, { name: 'some', color: 'Magenta' });
    expect(expectError(reply, 400, 'validation_failed').params.errors[0].field).toBe('color');
    expect(await countTags()).toBe(19);
  });

  it('validates the name and refuses unknown fields', async () => {
    const field = async (body: Record<string, unknown>) =>
      expectError(await owner().post('/api/v1/tags', body), 400, 'validation_failed').params.errors[0].field;
    expect(await field({})).toBe('name');
    expect(await field({ name: '' })).toBe('name');
    expect(await field({ name: 'x'.repeat(256) })).toBe('name');
    expect(await field({ name: 7 })).toBe('name');
    expect(await field({ name: 'ok', colour: 'Red' })).toBe('colour');
    expectError(await owner().get('/api/v1/tags/nope'), 400, 'validation_failed');
    expectError(await owner().get(`/api/v1/tags/${randomUUID()}`), 404, 'entity_not_found');
    expect(await countTags()).toBe(0);
    expect((await addTag({ name: 'x'.repeat(255) })).name).toHaveLength(255);
  });

  it('Viewers read, Members create, only Admins and Owners rename or delete', async () => {
    const network = await addNetwork(ctx.http, org.owner.session);
    const viewer = await addUser(ctx.http, org.owner.session, 'Viewer', [network]);
    const member = await addUser(ctx.http, org.owner.session, 'Member');
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    const memberKey = await addKey(ctx.http, org.owner.session, { permissions: 'Member' });

    // Tags are organization-wide: a Member granted no network creates one.
    const byMember = await addTag({ name: 'by member', color: 'Teal' }, member.session);
    expect(byMember).toMatchObject({ organization_id: org.id, name: 'by member', color: 'Teal' });
    const byKey = await addTag({ name: 'by member key' }, memberKey.bearer);
    for (const caller of [member.session, memberKey.bearer]) {
      const http = ctx.http.as(caller);
      const put = await http.put(`/api/v1/tags/${byMember.id}`, { name: 'renamed', color: 'Red' });
      expect(expectError(put, 403, 'auth_permission_denied').params).toEqual({ required_role: 'Admin' });
      expectError(await http.delete(`/api/v1/tags/${byMember.id}`), 403, 'auth_permission_denied');
    }
    const viewerHttp = ctx.http.as(viewer.session);
    expect(expectOk(await viewerHttp.get(`/api/v1/tags/${byMember.id}`))).toEqual(byMember);
    expect(expectOk(await viewerHttp.get('/api/v1/tags')).map((t: { id: string }) => t.id)).toEqual([
      byMember.id,
      byKey.id,
    ]);
    const viewerPost = await viewerHttp.post('/api/v1/tags', { name: 'by viewer' });
    expect(expectError(viewerPost, 403, 'auth_permission_denied').params).toEqual({ required_role: 'Member' });
    expectError(await viewerHttp.put(`/api/v1/tags/${byMember.id}`, { name: 'v' }), 403, 'auth_permission_denied');
    expectError(await viewerHttp.delete(`/api/v1/tags/${byMember.id}`), 403, 'auth_permission_denied');
    expect(expectOk(await owner().get(`/api/v1/tags/${byMember.id}`))).toEqual(byMember);
    expect(await countTags()).toBe(2);

    const adminHttp = ctx.http.as(admin.session);
    expect(
      expectOk(await adminHttp.put(`/api/v1/tags/${byMember.id}`, { name: 'renamed', color: 'Red' })),
    ).toMatchObject({ id: byMember.id, name: 'renamed', color: 'Red' });
    expect(expectOk(await adminHttp.delete(`/api/v1/tags/${byMember.id}`))).toEqual({});
    expect(expectOk(await owner().delete(`/api/v1/tags/${byKey.id}`))).toEqual({});
    expect(await countTags()).toBe(0);
  });

  it("another organization's tags are not found, for reads and writes alike", async () => {
    const other = await registerOrg(ctx.http);
    const foreign = await addTag({ name: 'theirs', color: 'Lime' }, other.owner.session);
    const mine = await addTag({ name: 'theirs' });
    expectError(await owner().get(`/api/v1/tags/${foreign.id}`), 404, 'entity_not_found');
    expectError(await owner().put(`/api/v1/tags/${foreign.id}`, { name: 'mine' }), 404, 'entity_not_found');
    expectError(await owner().delete(`/api/v1/tags/${foreign.id}`), 404, 'entity_not_found');
    expect(expectOk(await owner().get('/api/v1/tags'))).toEqual([mine]);
    expect(expectOk(await ctx.http.as(other.owner.session).get(`/api/v1/tags/${foreign.id}`))).toEqual(foreign);
    expect(expectOk(await ctx.http.as(other.owner.session).get('/api/v1/tags'))).toEqual([foreign]);
  });

  it('answers a duplicate name with 409, on create and on rename', async () => {
    const first = await addTag({ name: 'dmz' });
    const second = await addTag({ name: 'lan' });
    const dup = await owner().post('/api/v1/tags', { name: 'dmz', color: 'Red' });
    expect(expectError(dup, 409, 'entity_conflict').params).toEqual({ field: 'name' });
    const rename = await owner().put(`/api/v1/tags/${second.id}`, { name: 'dmz' });
    expect(expectError(rename, 409, 'entity_conflict').params).toEqual({ field: 'name' });
    expect(expectOk(await owner().get(`/api/v1/tags/${second.id}`))).toEqual(second);
    // Keeping its own name is no conflict.
    expect(expectOk(await owner().put(`/api/v1/tags/${first.id}`, { name: 'dmz', color: 'Amber' })).color).toBe(
      'Amber',
    );
    expect(await countTags()).toBe(2);
  });

  it('pages the list in name order', async () => {
    const c = await addTag({ name: 'charlie' });
    const a = await addTag({ name: 'alpha' });
    const b = await addTag({ name: 'bravo' });
    const page = await owner().get('/api/v1/tags?limit=2&offset=1');
    expect(expectOk(page).map((t: { id: string }) => t.id)).toEqual([b.id, c.id]);
    expect(page.body.meta.pagination).toEqual({ total_count: 3, limit: 2, offset: 1, has_more: false });
    const first = await owner().get('/api/v1/tags?limit=1');
    expect(expectOk(first).map((t: { id: string }) => t.id)).toEqual([a.id]);
    expect(first.body.meta.pagination).toEqual({ total_count: 3, limit: 1, offset: 0, has_more: true });
    const all = await owner().get('/api/v1/tags?limit=0');
    expect(expectOk(all)).toHaveLength(3);
    expect(all.body.meta.pagination).toEqual({ total_count: 3, limit: 0, offset: 0, has_more: false });
    expectError(await owner().get('/api/v1/tags?limit=1001'), 400, 'validation_out_of_range');
    expectError(await owner().get('/api/v1/tags?offset=-1'), 400, 'validation_out_of_range');
  });

  it("networks take the organization's tag ids, refuse another organization's (400), and lose a deleted tag", async () => {
    const other = await registerOrg(ctx.http);
    const foreign = await addTag({ name: 'foreign' }, other.owner.session);
    const own = await addTag({ name: 'own' });

    const refused = await owner().post('/api/v1/networks', { name: 'n', tags: [foreign.id] });
    expect(expectError(refused, 400, 'validation_failed').params.errors).toEqual([
      { field: 'tags', rule: 'exists', message: expect.stringContaining(foreign.id) },
    ]);
    const mixed = await owner().post('/api/v1/networks', { name: 'n', tags: [own.id, foreign.id] });
    expectError(mixed, 400, 'validation_failed');
    expect(
      await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM networks WHERE organization_id = $1`, [org.id]),
    ).toEqual([{ n: 0 }]);

    const network = expectOk(await owner().post('/api/v1/networks', { name: 'tagged', tags: [own.id] }), 201);
    expect(network.tags).toEqual([own.id]);
    const put = await owner().put(`/api/v1/networks/${network.id}`, { name: 'tagged', tags: [foreign.id] });
    expectError(put, 400, 'validation_failed');
    expect(expectOk(await owner().get(`/api/v1/networks/${network.id}`)).tags).toEqual([own.id]);

    expectOk(await owner().delete(`/api/v1/tags/${own.id}`));
    expect(expectOk(await owner().get(`/api/v1/networks/${network.id}`)).tags).toEqual([]);
  });
});
