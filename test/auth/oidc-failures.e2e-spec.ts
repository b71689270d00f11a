import { randomBytes, randomUUID } from 'node:crypto';
import { expectOk, HttpClient } from '../support/http';
import {
  cookieOf,
  expectRefused,
  expectSignedIn,
  oidcEnv,
  SSO_HOST,
  SSO_REDIRECT_URI,
  ssoBrowser,
  type SsoTestApp,
  useSsoTestApp,
} from '../support/oidc-flow';
import { type OidcTestProvider, type SpoiledIdToken, startOidcProvider } from '../support/oidc-provider';
import { freePort } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerOrg } from '../support/tenants';

/** An organization that claims a fresh domain and creates its users at their first sign-in. */
async function claimingOrganization(http: HttpClient): Promise<string> {
  const org = await registerOrg(http);
  const domain = `d${randomUUID().slice(0, 8)}.example.test`;
  expectOk(
    await http.as(org.owner.session).put('/api/v1/organizations/sso', {
      email_domains: [domain],
      create_users: true,
      default_role: 'Member',
      role_claim: null,
      role_mappings: [],
      password_sign_in: true,
    }),
  );
  return domain;
}

/** The reason the app logged (at warn level) for the last refusal with this code. */
const loggedReason = (t: TestApp, code: string) =>
  t.logs.filter((line) => String(line.msg).startsWith(`Single sign-on refused (${code})`)).pop();

describe('single sign-on when the provider says no, answers a token that does not verify, or is down', () => {
  const ctx = useSsoTestApp();
  let t: TestApp;
  let http: HttpClient;
  let provider: OidcTestProvider;
  let sso: SsoTestApp['sso'];
  let domain: string;

  beforeEach(async () => {
    ({ t, http, provider, sso } = ctx);
    domain = await claimingOrganization(http);
  });

  it('sends a person who cancels at the provider back to sign-in: the callback carries error=access_denied', async () => {
    const { callbackUrl, reply } = await sso.signIn({ email: `ann@${domain}`, email_verified: true }, { cancel: true });
    expect(Object.fromEntries(callbackUrl.searchParams)).toMatchObject({ error: 'access_denied' });
    expect(callbackUrl.searchParams.has('code')).toBe(false);
    expectRefused(reply, 'sso_provider_error');
    expect(loggedReason(t, 'sso_provider_error')).toMatchObject({ level: 40 });
  });

  it.each<[SpoiledIdToken, string, string]>([
    ['altered', 'its claims were changed after signing', 'failed to validate JWT signature'],
    ['other_audience', 'the provider signed it for another client', 'aud mismatch'],
    ['stranger_key', 'a key the provider never published signed it', 'failed to validate JWT signature'],
  ])('refuses an ID token that does not verify (%s: %s)', async (spoil, _how, reason) => {
    const { reply } = await sso.signIn({ email: `bea-${spoil}@${domain}`, email_verified: true }, { spoil });
    expectRefused(reply, 'sso_token_invalid');
    expect(String(loggedReason(t, 'sso_token_invalid')?.msg)).toContain(`The ID token did not verify: ${reason}`);
    // The same person with an untouched token signs in: the refusal was the token's.
    await expectSignedIn(http, (await sso.signIn({ email: `bea-${spoil}@${domain}`, email_verified: true })).reply);
  });

  it('answers sso_provider_unavailable when the token endpoint fails (503 from its proxy)', async () => {
    const { callback } = await sso.untilCallback({ email: `cy@${domain}`, email_verified: true });
    await provider.setOutage(503);
    try {
      expectRefused(await callback(), 'sso_provider_unavailable');
    } finally {
      await provider.setOutage(null);
    }
    expect(String(loggedReason(t, 'sso_provider_unavailable')?.msg)).toContain('503');
    // Once it is back, the person signs in by starting again.
    const again = await sso.signIn({ email: `cy@${domain}`, email_verified: true });
    expect(await expectSignedIn(http, again.reply)).toMatchObject({ email: `cy@${domain}` });
  });
});

describe('single sign-on while the provider is not running', () => {
  const clientSecret = randomBytes(24).toString('base64url');
  let port: number;
  let t: TestApp;
  let http: HttpClient;
  let provider: OidcTestProvider | undefined;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ env: oidcEnv(`http://127.0.0.1:${port}`, 'netatlas-test', clientSecret) });
    t.app.flushLogs(); // as useSsoTestApp does: the refusals' log lines are part of what is tested
    http = new HttpClient(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });
  afterEach(async () => {
    await provider?.stop();
    provider = undefined;
  });
  const startProvider = async () => {
    provider = await startOidcProvider(SSO_REDIRECT_URI, { port, clientSecret });
    return provider;
  };

  it('sends the browser back to sign-in when discovery fails, and to the provider once it is up', async () => {
    const down = await http.as().get('/api/auth/oidc/login', { host: SSO_HOST });
    expectRefused(down, 'sso_provider_unavailable');
    expect(cookieOf(down, 'oidc_flow')).toBeUndefined();
    expect(String(loggedReason(t, 'sso_provider_unavailable')?.msg)).toContain(`Discovery at http://127.0.0.1:${port}`);

    // A failed discovery is not kept: the next login asks again.
    const { issuer } = await startProvider();
    const up = await http.as().get('/api/auth/oidc/login', { host: SSO_HOST });
    expect(up.status).toBe(302);
    expect(String(up.headers.location)).toMatch(new RegExp(`^${issuer}/auth\\?`));
    expect(cookieOf(up, 'oidc_flow')).toBeDefined();
  });

  it('sends the browser back to sign-in, without a session, when the provider is gone at the callback', async () => {
    const domain = await claimingOrganization(http);
    const { callback } = await ssoBrowser(http, await startProvider()).untilCallback({
      email: `dee@${domain}`,
      email_verified: true,
    });
    await provider!.stop();
    const reply = await callback();
    expectRefused(reply, 'sso_provider_unavailable');
    expect(String(loggedReason(t, 'sso_provider_unavailable')?.msg)).toContain('ECONNREFUSED');
    // The flow cookie is spent either way: a retry starts over.
    expect(String(reply.headers['set-cookie'])).toMatch(/oidc_flow=;/);
  });
});
