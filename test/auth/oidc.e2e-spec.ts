import { randomUUID } from 'node:crypto';
import { expectError, expectOk, HttpClient, type Reply } from '../support/http';
import {
  cookieOf,
  expectRefused as refused,
  expectSignedIn,
  SSO_HOST as HOST,
  SSO_REDIRECT_URI as REDIRECT_URI,
  type SsoTestApp,
  useSsoTestApp,
} from '../support/oidc-flow';
import type { OidcTestProvider } from '../support/oidc-provider';
import { addUser, login, type Org, PASSWORD, registerOrg } from '../support/tenants';

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
  const ctx = useSsoTestApp();
  let http: HttpClient;
  let provider: OidcTestProvider;
  let sso: SsoTestApp['sso'];
  let org: Org;
  let domain: string;

  beforeEach(async () => {
    ({ http, provider, sso } = ctx);
    org = await registerOrg(http);
    domain = `d${randomUUID().slice(0, 8)}.example.test`;
    expectOk(await http.as(org.owner.session).put('/api/v1/organizations/sso', ssoSettings([domain])));
  });

  const signedIn = (reply: Reply) => expectSignedIn(http, reply);

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
    const me = await signedIn((await sso.signIn(account)).reply);
    expect(me).toMatchObject({ email: email.toLowerCase(), name: 'Alice', role: 'Admin', organization_id: org.id });
    expect(await signedIn((await sso.signIn(account)).reply)).toMatchObject({ id: me.id, role: 'Admin' });
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
    const plain = await sso.signIn({ email: `bob@${domain}`, email_verified: true, groups: ['staff'] });
    expect(await signedIn(plain.reply)).toMatchObject({ role: 'Member', name: 'bob' });
    const both = await sso.signIn({
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
    const { reply } = await sso.signIn({ email: `DAVE@${domain}`, email_verified: true, groups: ['netatlas-admins'] });
    expect(await signedIn(reply)).toMatchObject({ id: existing.id, role: 'Viewer', organization_id: org.id });
  });

  it('refuses a callback whose state is not the one this browser started with, or without the flow cookie', async () => {
    const earlier = await http.as().get('/api/auth/oidc/login', { host: HOST });
    const { callbackUrl, callback } = await sso.untilCallback({ email: `erin@${domain}`, email_verified: true });
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
    const first = await sso.signIn({ email: `frank@${domain}`, email_verified: true });
    await signedIn(first.reply);
    refused(await first.callback(first.callbackUrl), 'sso_code_invalid');
  });

  it('refuses an email the provider has not verified', async () => {
    const { reply } = await sso.signIn({ email: `grace@${domain}`, email_verified: false });
    refused(reply, 'sso_email_unverified');
  });

  it('refuses an email of a domain nobody claims, and an unknown user when the organization creates none', async () => {
    refused(
      (await sso.signIn({ email: `heidi@unclaimed-${randomUUID()}.test`, email_verified: true })).reply,
      'sso_no_organization',
    );
    expectOk(
      await http.as(org.owner.session).put('/api/v1/organizations/sso', ssoSettings([domain], { create_users: false })),
    );
    refused((await sso.signIn({ email: `ivan@${domain}`, email_verified: true })).reply, 'sso_user_not_found');
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
    refused(
      (await sso.signIn({ email: `judy@${domain}`, email_verified: true })).reply,
      'sso_domain_claimed_elsewhere',
    );
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
    await signedIn((await sso.signIn({ email: `kim@${domain}`, email_verified: true })).reply);
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
