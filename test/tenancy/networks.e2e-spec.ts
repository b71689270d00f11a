import { randomUUID } from 'node:crypto';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, Org, registerOrg } from '../support/tenants';

describe('networks', () => {
  const ctx = useTestApp();
  let org: Org;
  beforeEach(async () => {
    org = await registerOrg(ctx.http);
  });

  const addTag = async (organizationId: string) =>
    (
      await ctx.t.dataSource.query(`INSERT INTO tags (organization_id, name) VALUES ($1, $2) RETURNING id`, [
        organizationId,
        randomUUID(),
      ])
    )[0].id as string;

  it('creates with every field, and the window falls back to 672 hours', async () => {
    const tag = await addTag(org.id);
    const created = expectOk(
      await ctx.http
        .as(org.owner.session)
        .post('/api/v1/networks', { name: 'Office', description: 'HQ', stale_after_hours: 24, tags: [tag] }),
      201,
    );
    expect(created).toEqual({
      id: expect.any(String),
      organization_id: org.id,
      name: 'Office',
      description: 'HQ',
      stale_after_hours: 24,
      effective_stale_after_hours: 24,
      tags: [tag],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const plain = expectOk(await ctx.http.as(org.owner.session).post('/api/v1/networks', { name: 'Lab' }), 201);
    expect(plain).toMatchObject({
      description: '',
      stale_after_hours: null,
      effective_stale_after_hours: 672,
      tags: [],
    });
    const onboarding = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/organizations')).onboarding;
    expect(onboarding.filter((s: string) => s === 'FirstNetworkCreated')).toHaveLength(1);
  });

  it('updates (PUT replaces) and deletes', async () => {
    const id = await addNetwork(ctx.http, org.owner.session, { stale_after_hours: 5, description: 'x' });
    const updated = expectOk(await ctx.http.as(org.owner.session).put(`/api/v1/networks/${id}`, { name: 'Renamed' }));
    expect(updated).toMatchObject({
      name: 'Renamed',
      description: '',
      stale_after_hours: null,
      effective_stale_after_hours: 672,
    });
    expect(expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/networks/${id}`))).toEqual({});
    expectError(await ctx.http.as(org.owner.session).get(`/api/v1/networks/${id}`), 404, 'entity_not_found');
  });

  it('filters the list by network_id and pages it', async () => {
    const ids = [
      await addNetwork(ctx.http, org.owner.session),
      await addNetwork(ctx.http, org.owner.session),
      await addNetwork(ctx.http, org.owner.session),
    ];
    const one = await ctx.http.as(org.owner.session).get(`/api/v1/networks?network_id=${ids[1]}`);
    expect(expectOk(one).map((n: { id: string }) => n.id)).toEqual([ids[1]]);
    const page = await ctx.http.as(org.owner.session).get('/api/v1/networks?limit=2&offset=1');
    expect(expectOk(page).map((n: { id: string }) => n.id)).toEqual(ids.slice(1));
    expect(page.body.meta.pagination).toEqual({ total_count: 3, limit: 2, offset: 1, has_more: false });
    const all = await ctx.http.as(org.owner.session).get('/api/v1/networks?limit=0');
    expect(all.body.meta.pagination).toEqual({ total_count: 3, limit: 0, offset: 0, has_more: false });
    const member = await addUser(ctx.http, org.owner.session, 'Member', [ids[0]]);
    expect(expectOk(await ctx.http.as(member.session).get(`/api/v1/networks?network_id=${ids[1]}`))).toEqual([]);
  });

  it('checks limits, ranges and tags', async () => {
    expect(
      expectError(
        await ctx.http.as(org.owner.session).get('/api/v1/networks?limit=1001'),
        400,
        'validation_out_of_range',
      ).params,
    ).toEqual({
      field: 'limit',
      min: 0,
      max: 1000,
    });
    expectError(await ctx.http.as(org.owner.session).get('/api/v1/networks?offset=-1'), 400, 'validation_out_of_range');
    expectError(await ctx.http.as(org.owner.session).get('/api/v1/networks?network_id=nope'), 400, 'validation_failed');
    const tooLong = await ctx.http
      .as(org.owner.session)
      .post('/api/v1/networks', { name: 'n', stale_after_hours: 87_601 });
    expect(expectError(tooLong, 400, 'validation_out_of_range').params).toEqual({
      field: 'stale_after_hours',
      min: 1,
      max: 87_600,
    });
    expectError(await ctx.http.as(org.owner.session).post('/api/v1/networks', { name: '' }), 400, 'validation_failed');
    expectError(
      await ctx.http.as(org.owner.session).post('/api/v1/networks', { name: 'x'.repeat(256) }),
      400,
      'validation_failed',
    );
    const other = await registerOrg(ctx.http);
    const foreignTag = await addTag(other.id);
    const reply = await ctx.http.as(org.owner.session).post('/api/v1/networks', { name: 'n', tags: [foreignTag] });
    expect(expectError(reply, 400, 'validation_failed').params.errors[0]).toMatchObject({
      field: 'tags',
      rule: 'exists',
    });
    expect(
      await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM networks WHERE organization_id = $1`, [org.id]),
    ).toEqual([{ n: 0 }]);
  });

  it('answers a duplicate name with 409', async () => {
    await addNetwork(ctx.http, org.owner.session, { name: 'Same' });
    expect(
      expectError(
        await ctx.http.as(org.owner.session).post('/api/v1/networks', { name: 'Same' }),
        409,
        'entity_conflict',
      ).params,
    ).toEqual({
      field: 'name',
    });
  });

  it('keeps to the plan network limit', async () => {
    expectOk(await ctx.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Free' }));
    await addNetwork(ctx.http, org.owner.session);
    const reply = await ctx.http.as(org.owner.session).post('/api/v1/networks', { name: 'second' });
    expect(expectError(reply, 402, 'plan_limit_reached').params).toEqual({
      feature: 'max_networks',
      limit: 1,
      plan: 'Free',
    });
  });

  it('another organization network is not found, for reads and writes alike', async () => {
    const other = await registerOrg(ctx.http);
    const foreign = await addNetwork(ctx.http, other.owner.session, { name: 'Theirs' });
    expectError(await ctx.http.as(org.owner.session).get(`/api/v1/networks/${foreign}`), 404, 'entity_not_found');
    expectError(
      await ctx.http.as(org.owner.session).put(`/api/v1/networks/${foreign}`, { name: 'Mine' }),
      404,
      'entity_not_found',
    );
    expectError(await ctx.http.as(org.owner.session).delete(`/api/v1/networks/${foreign}`), 404, 'entity_not_found');
    expect(expectOk(await ctx.http.as(other.owner.session).get(`/api/v1/networks/${foreign}`)).name).toBe('Theirs');
    expect(expectOk(await ctx.http.as(org.owner.session).get(`/api/v1/networks?network_id=${foreign}`))).toEqual([]);
  });
});
