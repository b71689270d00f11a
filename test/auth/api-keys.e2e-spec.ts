import { createHash, randomUUID } from 'node:crypto';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addKey, addNetwork, addUser, Org, registerOrg } from '../support/tenants';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

describe('API keys', () => {
  const ctx = useTestApp();
  let org: Org;
  beforeEach(async () => {
    org = await registerOrg(ctx.http);
  });

  it('shows the secret once, stores only its SHA-256, and the record of the contract', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = expectOk(
      await ctx.http
        .as(org.owner.session)
        .post('/api/v1/auth/keys', { name: 'ci', permissions: 'Member', expires_at: expiresAt }),
      201,
    );
    expect(created).toEqual({
      id: expect.any(String),
      name: 'ci',
      user_id: org.owner.id,
      organization_id: org.id,
      permissions: 'Member',
      network_ids: null,
      expires_at: expiresAt,
      is_enabled: true,
      last_used_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      key: expect.stringMatching(/^nta_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await ctx.t.dataSource.query(`SELECT * FROM api_keys WHERE id = $1`, [created.id]);
    expect(row.key_hash.equals(sha256(created.key))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(created.key.slice(4));

    const fetched = expectOk(await ctx.http.as(org.owner.session).get(`/api/v1/auth/keys/${created.id}`));
    expect(fetched).not.toHaveProperty('key');
    const listed = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/auth/keys'));
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('key');
    const onboarding = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/organizations')).onboarding;
    expect(onboarding).toContain('FirstApiKeyCreated');
  });

  it('a key acts as its owner; deleting it stops it at once', async () => {
    const key = await addKey(ctx.http, org.owner.session, { permissions: 'Admin' });
    expect(expectOk(await ctx.http.as(key.bearer).get('/api/auth/me')).id).toBe(org.owner.id);
    expect(expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/auth/keys/${key.id}`))).toEqual({});
    expectError(await ctx.http.as(key.bearer).get('/api/v1/networks'), 401, 'auth_not_authenticated');
    expectError(await ctx.http.as(org.owner.session).get(`/api/v1/auth/keys/${key.id}`), 404, 'entity_not_found');
  });

  it('disabled -> 403 entity_disabled, expired -> 403 entity_expired, unknown or garbled -> 401', async () => {
    const key = await addKey(ctx.http, org.owner.session);
    expectOk(await ctx.http.as(org.owner.session).put(`/api/v1/auth/keys/${key.id}`, { is_enabled: false }));
    expectError(await ctx.http.as(key.bearer).get('/api/v1/networks'), 403, 'entity_disabled');
    expectOk(await ctx.http.as(org.owner.session).put(`/api/v1/auth/keys/${key.id}`, { is_enabled: true }));
    expectOk(await ctx.http.as(key.bearer).get('/api/v1/networks'));
    await ctx.t.dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      key.id,
    ]);
    expectError(await ctx.http.as(key.bearer).get('/api/v1/networks'), 403, 'entity_expired');

    expectError(
      await ctx.http.as({ bearer: `nta_${'A'.repeat(43)}` }).get('/api/v1/networks'),
      401,
      'auth_not_authenticated',
    );
    for (const authorization of ['Bearer', 'Basic dXNlcjpwYXNz', 'nta_abc', 'Bearer a b']) {
      const reply = await ctx.http.get('/api/v1/networks', { authorization });
      expectError(reply, 401, 'auth_not_authenticated');
    }
  });

  it('refuses keys on session-only endpoints with 401 auth_session_required', async () => {
    const key = await addKey(ctx.http, org.owner.session, { permissions: 'Admin' });
    for (const [method, url] of [
      ['GET', '/api/v1/auth/keys'],
      ['POST', '/api/v1/auth/keys'],
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/organizations/profile'],
      ['POST', '/api/v1/organizations/referral-source'],
    ] as const) {
      expectError(
        await ctx.http.as(key.bearer).send(method, url, method === 'POST' ? {} : undefined),
        401,
        'auth_session_required',
      );
    }
  });

  it('updates last_used_at at most once a minute', async () => {
    const key = await addKey(ctx.http, org.owner.session);
    const lastUsed = async () =>
      (await ctx.t.dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [key.id]))[0].last_used_at;
    expect(await lastUsed()).toBeNull();
    await ctx.http.as(key.bearer).get('/api/v1/networks');
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await ctx.http.as(key.bearer).get('/api/v1/networks');
    expect(await lastUsed()).toEqual(first);
    await ctx.t.dataSource.query(`UPDATE api_keys SET last_used_at = now() - interval '61 seconds' WHERE id = $1`, [
      key.id,
    ]);
    const backdated = await lastUsed();
    await ctx.http.as(key.bearer).get('/api/v1/networks');
    expect((await lastUsed()).getTime()).toBeGreaterThan(backdated.getTime());
  });

  it('rotate issues a new secret and the old one stops working', async () => {
    const key = await addKey(ctx.http, org.owner.session);
    const rotated = expectOk(await ctx.http.as(org.owner.session).post(`/api/v1/auth/keys/${key.id}/rotate`));
    expect(rotated.id).toBe(key.id);
    expect(rotated.key).toMatch(/^nta_[A-Za-z0-9_-]{43}$/);
    expect(rotated.key).not.toBe(key.bearer.bearer);
    expectError(await ctx.http.as(key.bearer).get('/api/v1/networks'), 401, 'auth_not_authenticated');
    expectOk(await ctx.http.as({ bearer: rotated.key }).get('/api/v1/networks'));
  });

  it('permissions cannot exceed the owner role; a Viewer key cannot write', async () => {
    const member = await addUser(ctx.http, org.owner.session, 'Member');
    const tooHigh = await ctx.http.as(member.session).post('/api/v1/auth/keys', { name: 'k', permissions: 'Admin' });
    expect(expectError(tooHigh, 400, 'validation_failed').params.errors[0]).toMatchObject({ field: 'permissions' });
    const viewerKey = await addKey(ctx.http, org.owner.session, { permissions: 'Viewer' });
    const denied = await ctx.http.as(viewerKey.bearer).post('/api/v1/networks', { name: 'x' });
    expect(expectError(denied, 403, 'auth_permission_denied').params).toEqual({ required_role: 'Admin' });
  });

  it('network_ids narrow a key to a subset of its owner networks; others are refused with 400', async () => {
    const n1 = await addNetwork(ctx.http, org.owner.session);
    const n2 = await addNetwork(ctx.http, org.owner.session);
    const scoped = await addKey(ctx.http, org.owner.session, { permissions: 'Admin', network_ids: [n1] });
    const seen = expectOk(await ctx.http.as(scoped.bearer).get('/api/v1/networks')).map((n: { id: string }) => n.id);
    expect(seen).toEqual([n1]);
    expectError(await ctx.http.as(scoped.bearer).get(`/api/v1/networks/${n2}`), 404, 'entity_not_found');

    const member = await addUser(ctx.http, org.owner.session, 'Member', [n1]);
    const outside = await ctx.http.as(member.session).post('/api/v1/auth/keys', { name: 'k', network_ids: [n2] });
    expectError(outside, 400, 'validation_failed');
    const other = await registerOrg(ctx.http);
    const foreign = await addNetwork(ctx.http, other.owner.session);
    expectError(
      await ctx.http.as(org.owner.session).post('/api/v1/auth/keys', { name: 'k', network_ids: [foreign] }),
      400,
      'validation_failed',
    );
    expectError(
      await ctx.http.as(org.owner.session).post('/api/v1/auth/keys', { name: 'k', network_ids: [randomUUID()] }),
      400,
      'validation_failed',
    );
  });

  it('a key loses what its owner loses: revoked grants, a lower role, deletion', async () => {
    const n1 = await addNetwork(ctx.http, org.owner.session);
    const member = await addUser(ctx.http, org.owner.session, 'Member', [n1]);
    const key = await addKey(ctx.http, member.session, { permissions: 'Member' });
    expect(expectOk(await ctx.http.as(key.bearer).get('/api/v1/networks'))).toHaveLength(1);
    expectOk(
      await ctx.http.as(org.owner.session).put(`/api/v1/users/${member.id}`, { network_ids: [], role: 'Viewer' }),
    );
    expect(expectOk(await ctx.http.as(key.bearer).get('/api/v1/networks'))).toEqual([]);
    expect(expectOk(await ctx.http.as(key.bearer).get('/api/auth/me')).role).toBe('Viewer');
    expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/users/${member.id}`));
    expectError(await ctx.http.as(key.bearer).get('/api/v1/networks'), 401, 'auth_not_authenticated');
  });

  it('a plan without API access answers 402 to keys while sessions keep working', async () => {
    const key = await addKey(ctx.http, org.owner.session);
    expectOk(await ctx.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Starter' }));
    expect(
      expectError(await ctx.http.as(key.bearer).get('/api/v1/networks'), 402, 'plan_api_access_required').params,
    ).toEqual({ plan: 'Starter' });
    expectOk(await ctx.http.as(org.owner.session).get('/api/v1/networks'));
    expectOk(await ctx.http.as(org.owner.session).put('/api/v1/organizations/plan', { type: 'Pro' }));
    expectOk(await ctx.http.as(key.bearer).get('/api/v1/networks'));
  });

  it('another user never sees, changes or deletes my keys', async () => {
    const key = await addKey(ctx.http, org.owner.session);
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    expect(expectOk(await ctx.http.as(admin.session).get('/api/v1/auth/keys'))).toEqual([]);
    expectError(
      await ctx.http.as(admin.session).put(`/api/v1/auth/keys/${key.id}`, { is_enabled: false }),
      404,
      'entity_not_found',
    );
    expectError(await ctx.http.as(admin.session).delete(`/api/v1/auth/keys/${key.id}`), 404, 'entity_not_found');
    expectOk(await ctx.http.as(key.bearer).get('/api/v1/networks'));
  });

  it('validates key bodies', async () => {
    const reply = await ctx.http.as(org.owner.session).post('/api/v1/auth/keys', {
      name: '',
      permissions: 'Owner',
      network_ids: ['nope'],
      expires_at: 'tomorrow',
      id: randomUUID(),
    });
    const fields = expectError(reply, 400, 'validation_failed').params.errors.map((e: { field: string }) => e.field);
    expect(new Set(fields)).toEqual(new Set(['name', 'permissions', 'network_ids', 'expires_at', 'id']));
    const past = await ctx.http
      .as(org.owner.session)
      .post('/api/v1/auth/keys', { name: 'k', expires_at: '2020-01-01T00:00:00Z' });
    expectError(past, 400, 'validation_failed');
  });
});
