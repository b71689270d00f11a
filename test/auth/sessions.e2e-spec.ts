import { createHash } from 'node:crypto';
import { hashPassword } from '../../src/common/crypto/passwords';
import { expectError, expectOk, sessionCookieOf } from '../support/http';
import { useTestApp } from '../support/test-app';
import { PASSWORD, registerOrg, uniqueEmail } from '../support/tenants';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

describe('register, login, logout, sessions', () => {
  const ctx = useTestApp();

  it('register creates an organization and its Owner, and starts a session', async () => {
    const email = uniqueEmail();
    const reply = await ctx.http.post('/api/auth/register', {
      email,
      password: PASSWORD,
      name: 'Ada',
      organization_name: 'Analytical',
      use_case: 'homelab',
    });
    const user = expectOk(reply, 201);
    expect(user).toEqual({
      id: expect.any(String),
      email,
      name: 'Ada',
      role: 'Owner',
      organization_id: expect.any(String),
      network_ids: [],
      job_title: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const cookie = sessionCookieOf(reply);
    const org = expectOk(await ctx.http.as({ cookie }).get('/api/v1/organizations'));
    expect(org).toMatchObject({
      id: user.organization_id,
      name: 'Analytical',
      onboarding: ['OrgCreated'],
      use_case: 'homelab',
    });
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, not Secure by default', async () => {
    const reply = await ctx.http.post('/api/auth/register', {
      email: uniqueEmail(),
      password: PASSWORD,
      name: 'A',
      organization_name: 'B',
    });
    const header = String(reply.headers['set-cookie']);
    expect(header).toMatch(/^session_id=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
  });

  it('refuses a second account with the same email (any case) with 409', async () => {
    const email = uniqueEmail();
    expectOk(
      await ctx.http.post('/api/auth/register', { email, password: PASSWORD, name: 'A', organization_name: 'B' }),
      201,
    );
    const again = await ctx.http.post('/api/auth/register', {
      email: email.toUpperCase(),
      password: PASSWORD,
      name: 'A',
      organization_name: 'C',
    });
    expect(expectError(again, 409, 'entity_conflict').params).toEqual({ field: 'email' });
    const orgs = await ctx.t.dataSource.query(`SELECT count(*)::int AS n FROM organizations WHERE name = 'C'`);
    expect(orgs).toEqual([{ n: 0 }]);
  });

  it('validates the registration body', async () => {
    const reply = await ctx.http.post('/api/auth/register', {
      email: 'not-an-email',
      password: 'short',
      name: '',
      organization_name: 'x',
    });
    const fields = expectError(reply, 400, 'validation_failed').params.errors.map((e: { field: string }) => e.field);
    expect(new Set(fields)).toEqual(new Set(['email', 'password', 'name']));
  });

  it('login answers alike for an unknown email and a wrong password', async () => {
    const org = await registerOrg(ctx.http);
    const wrongPassword = await ctx.http.post('/api/auth/login', {
      email: org.owner.email,
      password: 'not the password',
    });
    const unknownEmail = await ctx.http.post('/api/auth/login', { email: uniqueEmail(), password: 'not the password' });
    for (const reply of [wrongPassword, unknownEmail]) {
      expectError(reply, 401, 'auth_invalid_credentials');
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    const strip = (body: { meta: object }) => ({ ...body, meta: undefined });
    expect(strip(wrongPassword.body)).toEqual(strip(unknownEmail.body));
  });

  it('gives a fresh session id at every login, stored only as its SHA-256', async () => {
    const org = await registerOrg(ctx.http);
    const first = sessionCookieOf(
      await ctx.http.post('/api/auth/login', { email: org.owner.email, password: PASSWORD }),
    );
    const second = sessionCookieOf(
      await ctx.http.as({ cookie: first }).post('/api/auth/login', { email: org.owner.email, password: PASSWORD }),
    );
    expect(second).not.toBe(first);
    const stored = await ctx.t.dataSource.query(`SELECT token_hash FROM sessions WHERE user_id = $1`, [org.owner.id]);
    const hashes = stored.map((r: { token_hash: Buffer }) => r.token_hash.toString('hex'));
    expect(hashes).toEqual(expect.arrayContaining([sha256(first).toString('hex'), sha256(second).toString('hex')]));
    const raw = JSON.stringify(await ctx.t.dataSource.query(`SELECT * FROM sessions`));
    expect(raw).not.toContain(first);
    expect(raw).not.toContain(Buffer.from(first).toString('hex'));
  });

  it('me returns the user; logout ends the session at once and clears the cookie', async () => {
    const org = await registerOrg(ctx.http);
    const me = expectOk(await ctx.http.as(org.owner.session).get('/api/auth/me'));
    expect(me).toMatchObject({ id: org.owner.id, email: org.owner.email, role: 'Owner', organization_id: org.id });
    const logout = await ctx.http.as(org.owner.session).post('/api/auth/logout');
    expect(expectOk(logout)).toEqual({});
    expect(String(logout.headers['set-cookie'])).toMatch(/session_id=;.*Expires=Thu, 01 Jan 1970/);
    expectError(await ctx.http.as(org.owner.session).get('/api/auth/me'), 401, 'auth_not_authenticated');
  });

  it('expires a session 7 days after its last use, and 30 days after login in any case', async () => {
    const org = await registerOrg(ctx.http);
    const hash = sha256(org.owner.session.cookie!);
    await ctx.t.dataSource.query(
      `UPDATE sessions SET last_used_at = now() - interval '7 days 1 minute' WHERE token_hash = $1`,
      [hash],
    );
    expectError(await ctx.http.as(org.owner.session).get('/api/auth/me'), 401, 'auth_not_authenticated');

    await ctx.t.dataSource.query(`UPDATE sessions SET last_used_at = now() - interval '6 days' WHERE token_hash = $1`, [
      hash,
    ]);
    expectOk(await ctx.http.as(org.owner.session).get('/api/auth/me'));
    const [{ last_used_at }] = await ctx.t.dataSource.query(`SELECT last_used_at FROM sessions WHERE token_hash = $1`, [
      hash,
    ]);
    expect(Date.now() - new Date(last_used_at).getTime()).toBeLessThan(60_000);

    await ctx.t.dataSource.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hash,
    ]);
    expectError(await ctx.http.as(org.owner.session).get('/api/auth/me'), 401, 'auth_not_authenticated');
  });

  it('answers a garbled or unknown cookie with 401', async () => {
    for (const cookie of ['nonsense', 'a'.repeat(43), '']) {
      expectError(await ctx.http.as({ cookie }).get('/api/v1/organizations'), 401, 'auth_not_authenticated');
    }
  });
});

describe('locked-down installs', () => {
  const ctx = useTestApp({ env: { ALLOW_REGISTRATION: 'false', COOKIE_SECURE: 'true' } });

  it('ALLOW_REGISTRATION=false refuses registration with 403', async () => {
    const reply = await ctx.http.post('/api/auth/register', {
      email: uniqueEmail(),
      password: PASSWORD,
      name: 'A',
      organization_name: 'B',
    });
    expect(expectError(reply, 403, 'auth_permission_denied').params).toEqual({ reason: 'registration_disabled' });
  });

  it('COOKIE_SECURE=true marks the session cookie Secure', async () => {
    const email = uniqueEmail();
    await ctx.t.dataSource.query(
      `WITH o AS (INSERT INTO organizations (name) VALUES ('Locked') RETURNING id)
      INSERT INTO users (organization_id, email, name, role, password_hash)
      SELECT id, $1, 'A', 'Owner', $2 FROM o`,
      [email, await hashPassword(PASSWORD)],
    );
    const reply = await ctx.http.post('/api/auth/login', { email, password: PASSWORD });
    expect(String(reply.headers['set-cookie'])).toMatch(/; Secure/);
  });
});
