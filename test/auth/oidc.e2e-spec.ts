import { randomUUID } from 'node:crypto';
import { type Credentials, expectError, expectOk, HttpClient, type Reply } from '../support/http';
import { type OidcAccount, type OidcTestProvider, startOidcProvider } from '../support/oidc-provider';
import { createTestApp, type TestApp } from '../support/test-app';
import { addUser, login, type Org, PASSWORD, registerOrg } from '../support/tenants';

/** The app's public address as the provider knows it (the registered redirect URI). */
const HOST = 'netatlas.test';
const REDIRECT_URI = `http://${HOST}/api/auth/oidc/callback`;

const cookieOf = (reply: Reply, name: string): string | undefined =>
  ([] as string[])
    .concat((reply.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((line) => new RegExp(`^${name}=([^;]*)`).exec(line)?.[1])
    .find((value) => value);

const ssoSettings = (domains: string[], changes: Record<string, unknown> = {}) => ({
  email_domains: domains,
  create_users: true,
  default_role: 'Member',
  role_claim: 'groups',
  role_mappings: [
    { value: 'netatlas-admins', role: 'Admin' },
    { value: 'netatlas-viewers', role: 'Viewer' },
  ],
  password_sign_in: true,
  ...changes,
});

describe('single sign-on (OIDC, authorization code with PKCE) against a real provider', () => {
  let provider: OidcTestProvider;
  let t: TestApp;
  let http: HttpClient;
  let org: Org;
  let domain: string;

  beforeAll(async () => {
    provider = await startOidcProvider(REDIRECT_URI);
    t = await createTestApp({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_SCOPES: 'openid email profile groups',
      },
    });
    http = new HttpClient(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });
  beforeEach(async () => {
    org = await registerOrg(http);
    domain = `d${randomUUID().slice(0, 8)}.example.test`;
    expectOk(await http.as(org.owner.session).put('/api/v1/organizations/sso', ssoSettings([domain])));
  });

  /** Login at the app and sign-in at the provider, up to the redirect back to the app's callback. */
  async function signInUntilCallback(account: OidcAccount) {
    const start = await http.as().get('/api/auth/oidc/login', { host: HOST });
    expect(start.status).toBe(302);
    const flowCookie = cookieOf(start, 'oidc_flow');
    const callbackUrl = await provider.authorize(String(start.headers.location), account);
    const callback = (url: URL, cookie = flowCookie) =>
      http.as().get(url.pathname + url.search, { host: HOST, cookie: `oidc_flow=${cookie}` });
    return { callbackUrl, callback };
  }

  /** The whole flow: the callback's answer, and how to call the callback again. */
  async function signIn(account: OidcAccount) {
    const flow = await signInUntilCallback(account);
    return { ...flow, reply: await flow.callback(flow.callbackUrl) };
  }

  const signedIn = async (reply: Reply) => {
    expect({ status: reply.status, location: reply.headers.location }).toEqual({ status: 302, location: '/' });
    const session: Credentials = { cookie: cookieOf(reply, 'session_id')! };
    return expectOk(await http.as(session).get('/api/auth/me'));
  };

  const refused = (reply: Reply, code: string) => {
    expect({ status: reply.status, location: reply.headers.location }).toEqual({
      status: 302,
      location: `/sign-in?sso_error=${code}`,
    });
    expect(cookieOf(reply, 'session_id')).toBeUndefined();
  };

  it('says SSO is on, and sends the browser to the provider with state, nonce and an S256 code challenge', async () => {
    expect(expectOk(await http.as().get('/api/auth/oidc'))).toEqual({
      enabled: true,
      login_url: '/api/auth/oidc/login',
    });
    const start = await http.as().get('/api/auth/oidc/login', { host: HOST });
    const url = new URL(String(start.headers.location));
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: provider.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile groups',
      state: expect.stringMatching(/^[\w-]{40,}$/),
      nonce: expect.stringMatching(/^[\w-]{40,}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const setCookie = String(start.headers['set-cookie']).split('; ');
    expect(setCookie).toEqual(
      expect.arrayContaining(['Max-Age=600', 'Path=/api/auth/oidc', 'HttpOnly', 'SameSite=Lax']),
    );
    // The verifier travels only in the signed cookie, never in the URL.
    expect(start.headers.location).not.toContain(cookieOf(start, 'oidc_flow')!.split('.')[0]);
  });

  it('creates a user at the first sign-in, with the role its groups map to, then signs the same user in again', async () => {
    const email = `Alice@${domain}`;
    const account = { email, email_verified: true, name: 'Alice', groups: ['staff', 'netatlas-admins'] };
    const me = await signedIn((await signIn(account)).reply);
    expect(me).toMatchObject({ email: email.toLowerCase(), name: 'Alice', role: 'Admin', organization_id: org.id });
    expect(await signedIn((await signIn(account)).reply)).toMatchObject({ id: me.id, role: 'Admin' });
    // The audit trail records the creation, the new user as its actor (docs/audit.md).
    const [created] = expectOk(await http.as(org.owner.session).get(`/api/v1/audit-events?resource_id=${me.id}`));
    expect(created).toMatchObject({ actor: { type: 'user', id: me.id }, action: 'create', after: { role: 'Admin' } });
    // Made by single sign-on, the user has no password.
    expectError(
      await http.as().post('/api/auth/login', { email, password: PASSWORD }),
      401,
      'auth_invalid_credentials',
    );
  });

  it('gives the default role when no group maps, and the highest role when several do', async () => {
    const plain = await signIn({ email: `bob@${domain}`, email_verified: true, groups: ['staff'] });
    expect(await signedIn(plain.reply)).toMatchObject({ role: 'Member', name: 'bob' });
    const both = await signIn({
      email: `carol@${domain}`,
      email_verified: true,
      groups: ['netatlas-viewers', 'netatlas-admins'],
    });
    expect(await signedIn(both.reply)).toMatchObject({ role: 'Admin' });
  });

  it('signs an existing user in by verified email, keeping the role the organization gave', async () => {
    const existing = expectOk(
      await http.as(org.owner.session).post('/api/v1/users', {
        email: `dave@${domain}`,
        name: 'Dave',
        role: 'Viewer',
        password: PASSWORD,
        network_ids: [],
      }),
      201,
    );
    const { reply } = await signIn({ email: `DAVE@${domain}`, email_verified: true, groups: ['netatlas-admins'] });
    expect(await signedIn(reply)).toMatchObject({ id: existing.id, role: 'Viewer', organization_id: org.id });
  });

  it('refuses a callback whose state is not the one this browser started with, or without the flow cookie', async () => {
    const earlier = await http.as().get('/api/auth/oidc/login', { host: HOST });
    const { callbackUrl, callback } = await signInUntilCallback({ email: `erin@${domain}`, email_verified: true });
    // Another flow's cookie (its own state) with this flow's code and state.
    refused(await callback(callbackUrl, cookieOf(earlier, 'oidc_flow')), 'sso_state_invalid');
    const tampered = new URL(callbackUrl);
    tampered.searchParams.set('state', 'forged');
    refused(await callback(tampered), 'sso_state_invalid');
    refused(await http.as().get(callbackUrl.pathname + callbackUrl.search, { host: HOST }), 'sso_state_invalid');
    refused(await callback(callbackUrl, 'forged.cookie'), 'sso_state_invalid');
    // The real pair still works: nothing above spent the code.
    await signedIn(await callback(callbackUrl));
  });

  it('refuses a replayed code', async () => {
    const first = await signIn({ email: `frank@${domain}`, email_verified: true });
    await signedIn(first.reply);
    refused(await first.callback(first.callbackUrl), 'sso_code_invalid');
  });

  it('refuses an email the provider has not verified', async () => {
    const { reply } = await signIn({ email: `grace@${domain}`, email_verified: false });
    refused(reply, 'sso_email_unverified');
  });

  it('refuses an email of a domain nobody claims, and an unknown user when the organization creates none', async () => {
    refused(
      (await signIn({ email: `heidi@unclaimed-${randomUUID()}.test`, email_verified: true })).reply,
      'sso_no_organization',
    );
    expectOk(
      await http.as(org.owner.session).put('/api/v1/organizations/sso', ssoSettings([domain], { create_users: false })),
    );
    refused((await signIn({ email: `ivan@${domain}`, email_verified: true })).reply, 'sso_user_not_found');
  });

  it('keeps a domain to one organization: a claim of a claimed domain is a 409, its users cannot sign in elsewhere', async () => {
    const other = await registerOrg(http);
    expectError(
      await http.as(other.owner.session).put('/api/v1/organizations/sso', ssoSettings([domain.toUpperCase()])),
      409,
      'entity_conflict',
    );
    // A user of the other organization whose email is in the domain this organization claims.
    expectOk(
      await http.as(other.owner.session).post('/api/v1/users', {
        email: `judy@${domain}`,
        name: 'Judy',
        role: 'Member',
        password: PASSWORD,
        network_ids: [],
      }),
      201,
    );
    refused((await signIn({ email: `judy@${domain}`, email_verified: true })).reply, 'sso_domain_claimed_elsewhere');
  });

  it('turns password sign-in off for the organization: password login answers 403, SSO still works', async () => {
    const member = await addUser(http, org.owner.session, 'Member');
    expectError(
      await http.as(org.owner.session).put('/api/v1/organizations/sso', ssoSettings([], { password_sign_in: false })),
      400,
      'validation_failed',
    );
    const settings = expectOk(
      await http
        .as(org.owner.session)
        .put('/api/v1/organizations/sso', ssoSettings([domain], { password_sign_in: false })),
    );
    expect(settings).toEqual({ ...ssoSettings([domain], { password_sign_in: false }), instance_configured: true });
    const refusal = expectError(
      await http.as().post('/api/auth/login', { email: member.email, password: PASSWORD }),
      403,
      'auth_permission_denied',
    );
    expect(refusal.params).toMatchObject({ reason: 'password_sign_in_disabled' });
    // A wrong password still answers as before: the setting says nothing about who has an account.
    expectError(
      await http.as().post('/api/auth/login', { email: member.email, password: 'wrong' }),
      401,
      'auth_invalid_credentials',
    );
    // Other organizations keep their passwords.
    const other = await registerOrg(http);
    await login(http, other.owner.email);
    await signedIn((await signIn({ email: `kim@${domain}`, email_verified: true })).reply);
  });

  it('shows and changes the settings for Owners and Admins only, and validates them', async () => {
    const member = await addUser(http, org.owner.session, 'Member');
    expectError(await http.as(member.session).get('/api/v1/organizations/sso'), 403, 'auth_permission_denied');
    const admin = await addUser(http, org.owner.session, 'Admin');
    expect(expectOk(await http.as(admin.session).get('/api/v1/organizations/sso'))).toEqual({
      ...ssoSettings([domain]),
      instance_configured: true,
    });
    for (const bad of [
      ssoSettings(['not a domain']),
      ssoSettings([domain], { default_role: 'Owner' }),
      ssoSettings([domain], { role_claim: null }),
      ssoSettings([domain], { role_mappings: [{ value: 'x', role: 'Owner' }] }),
    ]) {
      expectError(await http.as(admin.session).put('/api/v1/organizations/sso', bad), 400, 'validation_failed');
    }
  });
});
