import { randomUUID } from 'node:crypto';
import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, login, Org, PASSWORD, registerOrg, uniqueEmail } from '../support/tenants';

describe('users and roles', () => {
  const ctx = useTestApp();
  let org: Org;
  beforeEach(async () => {
    org = await registerOrg(ctx.http);
  });

  it('creates, lists, reads, updates and deletes users of the organization', async () => {
    const n1 = await addNetwork(ctx.http, org.owner.session);
    const email = uniqueEmail();
    const created = expectOk(
      await ctx.http
        .as(org.owner.session)
        .post('/api/v1/users', { email, name: 'M', role: 'Member', password: PASSWORD, network_ids: [n1] }),
      201,
    );
    expect(created).toEqual({
      id: expect.any(String),
      organization_id: org.id,
      email,
      name: 'M',
      role: 'Member',
      network_ids: [n1],
      job_title: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('password_hash');
    const list = await ctx.http.as(org.owner.session).get('/api/v1/users?limit=1');
    expect(list.body.meta.pagination).toEqual({ total_count: 2, limit: 1, offset: 0, has_more: true });
    expect(expectOk(await ctx.http.as(org.owner.session).get(`/api/v1/users/${created.id}`))).toEqual(created);
    const updated = expectOk(
      await ctx.http.as(org.owner.session).put(`/api/v1/users/${created.id}`, { name: 'Renamed', network_ids: [] }),
    );
    expect(updated).toMatchObject({ name: 'Renamed', network_ids: [], role: 'Member' });
    expect(expectOk(await ctx.http.as(org.owner.session).delete(`/api/v1/users/${created.id}`))).toEqual({});
    expectError(await ctx.http.as(org.owner.session).get(`/api/v1/users/${created.id}`), 404, 'entity_not_found');
    expectError(await ctx.http.post('/api/auth/login', { email, password: PASSWORD }), 401, 'auth_invalid_credentials');
  });

  it('a changed password works at the next login', async () => {
    const member = await addUser(ctx.http, org.owner.session, 'Member');
    expectOk(
      await ctx.http.as(org.owner.session).put(`/api/v1/users/${member.id}`, { password: 'a brand new passphrase' }),
    );
    expectError(
      await ctx.http.post('/api/auth/login', { email: member.email, password: PASSWORD }),
      401,
      'auth_invalid_credentials',
    );
    await login(ctx.http, member.email, 'a brand new passphrase');
  });

  it('nobody grants a role above their own or manages someone above them', async () => {
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    const makeOwner = await ctx.http
      .as(admin.session)
      .post('/api/v1/users', { email: uniqueEmail(), name: 'X', role: 'Owner', password: PASSWORD });
    expect(expectError(makeOwner, 403, 'auth_permission_denied').params).toEqual({ required_role: 'Owner' });
    expectError(
      await ctx.http.as(admin.session).put(`/api/v1/users/${org.owner.id}`, { role: 'Viewer' }),
      403,
      'auth_permission_denied',
    );
    expectError(
      await ctx.http.as(admin.session).delete(`/api/v1/users/${org.owner.id}`),
      403,
      'auth_permission_denied',
    );
    const viewer = await addUser(ctx.http, admin.session, 'Viewer');
    expectError(
      await ctx.http.as(admin.session).put(`/api/v1/users/${viewer.id}`, { role: 'Owner' }),
      403,
      'auth_permission_denied',
    );
    expect(expectOk(await ctx.http.as(admin.session).put(`/api/v1/users/${viewer.id}`, { role: 'Admin' })).role).toBe(
      'Admin',
    );
  });

  it('the last Owner cannot be demoted or removed; one of two can', async () => {
    const demote = await ctx.http.as(org.owner.session).put(`/api/v1/users/${org.owner.id}`, { role: 'Admin' });
    expect(expectError(demote, 409, 'entity_conflict').params).toEqual({ field: 'role', reason: 'last_owner' });
    expectError(await ctx.http.as(org.owner.session).delete(`/api/v1/users/${org.owner.id}`), 409, 'entity_conflict');
    const second = await addUser(ctx.http, org.owner.session, 'Owner');
    expect(
      expectOk(await ctx.http.as(second.session).put(`/api/v1/users/${org.owner.id}`, { role: 'Admin' })).role,
    ).toBe('Admin');
    expectError(await ctx.http.as(second.session).delete(`/api/v1/users/${second.id}`), 409, 'entity_conflict');
  });

  it('two Owners demoting each other at once leave one Owner', async () => {
    const second = await addUser(ctx.http, org.owner.session, 'Owner');
    const replies = await Promise.all([
      ctx.http.as(org.owner.session).put(`/api/v1/users/${second.id}`, { role: 'Admin' }),
      ctx.http.as(second.session).put(`/api/v1/users/${org.owner.id}`, { role: 'Admin' }),
    ]);
    const owners = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS n FROM users WHERE organization_id = $1 AND role = 'Owner'`,
      [org.id],
    );
    expect(owners).toEqual([{ n: 1 }]);
    // The loser is refused either as the last Owner (409) or, when the winner committed first, as a
    // caller who is no longer an Owner (403).
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
  });

  it('grants name networks of the organization only; a Member sees only its grants', async () => {
    const n1 = await addNetwork(ctx.http, org.owner.session);
    const n2 = await addNetwork(ctx.http, org.owner.session);
    const other = await registerOrg(ctx.http);
    const foreign = await addNetwork(ctx.http, other.owner.session);
    const bad = await ctx.http.as(org.owner.session).post('/api/v1/users', {
      email: uniqueEmail(),
      name: 'X',
      role: 'Member',
      password: PASSWORD,
      network_ids: [n1, foreign],
    });
    expect(expectError(bad, 400, 'validation_failed').params.errors).toEqual([
      { field: 'network_ids', rule: 'exists', message: `network ${foreign} does not exist` },
    ]);
    const member = await addUser(ctx.http, org.owner.session, 'Member', [n2]);
    expect(
      expectOk(await ctx.http.as(member.session).get('/api/v1/networks')).map((n: { id: string }) => n.id),
    ).toEqual([n2]);
    const admin = await addUser(ctx.http, org.owner.session, 'Admin');
    expect(expectOk(await ctx.http.as(admin.session).get('/api/v1/networks'))).toHaveLength(2);
  });

  it('another organization user is not found, for reads and writes alike', async () => {
    const other = await registerOrg(ctx.http);
    for (const reply of [
      await ctx.http.as(org.owner.session).get(`/api/v1/users/${other.owner.id}`),
      await ctx.http.as(org.owner.session).put(`/api/v1/users/${other.owner.id}`, { name: 'Hijacked' }),
      await ctx.http.as(org.owner.session).delete(`/api/v1/users/${other.owner.id}`),
      await ctx.http.as(org.owner.session).get(`/api/v1/users/${randomUUID()}`),
    ]) {
      expect(expectError(reply, 404, 'entity_not_found').params).toMatchObject({ entity: 'user' });
    }
    const [row] = await ctx.t.dataSource.query(`SELECT name FROM users WHERE id = $1`, [other.owner.id]);
    expect(row.name).toBe('Owner');
    const listed = expectOk(await ctx.http.as(org.owner.session).get('/api/v1/users')).map((u: { id: string }) => u.id);
    expect(listed).toEqual([org.owner.id]);
  });

  it('answers a duplicate email with 409 and bad bodies with 400', async () => {
    const dup = await ctx.http
      .as(org.owner.session)
      .post('/api/v1/users', { email: org.owner.email, name: 'X', role: 'Viewer', password: PASSWORD });
    expect(expectError(dup, 409, 'entity_conflict').params).toEqual({ field: 'email' });
    const bad = await ctx.http
      .as(org.owner.session)
      .post('/api/v1/users', { email: 'x', name: 'X', role: 'King', password: 'short', organization_id: randomUUID() });
    const fields = expectError(bad, 400, 'validation_failed').params.errors.map((e: { field: string }) => e.field);
    expect(new Set(fields)).toEqual(new Set(['email', 'role', 'password', 'organization_id']));
  });
});
