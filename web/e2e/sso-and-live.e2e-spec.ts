import { randomUUID } from 'node:crypto';
import { type OidcTestProvider, startOidcProvider } from '../../test/support/oidc-provider';
import { expectOk } from '../../test/support/http';
import { freePort } from '../../test/support/server-process';
import { addNetwork } from '../../test/support/tenants';
import { newPage, screenshot } from './support/browser';
import { signInAsNewOrg } from './support/session';
import { useUiApp } from './support/ui-app';

// The provider must know the app's callback before the app starts: a port chosen first, then both.
const env: Record<string, string> = {};
let port = 0;
let provider: OidcTestProvider;
beforeAll(async () => {
  port = await freePort();
  provider = await startOidcProvider(`http://127.0.0.1:${port}/api/auth/oidc/callback`);
  Object.assign(env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
});
afterAll(() => provider?.stop());
const ui = useUiApp({ env, port: () => port });

describe('single sign-on and live updates in the browser', () => {
  it('offers single sign-on on the sign-in page, which sends the browser to the provider with state, nonce and PKCE', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with SSO' }).waitFor();
    await screenshot(page, 'sign-in-sso');
    // The whole round trip through the provider is test/auth/oidc.e2e-spec.ts; here, what the browser is sent.
    const [authorization] = await Promise.all([
      page.waitForRequest((request) => request.url().startsWith(`${provider.issuer}/auth?`)),
      page.getByRole('link', { name: 'Sign in with SSO' }).click(),
    ]);
    const params = new URL(authorization.url()).searchParams;
    expect(
      Object.fromEntries(['client_id', 'response_type', 'code_challenge_method'].map((k) => [k, params.get(k)])),
    ).toEqual({ client_id: provider.clientId, response_type: 'code', code_challenge_method: 'S256' });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params.get(name)).toMatch(/^[\w-]{20,}$/);
    expect(params.get('redirect_uri')).toBe(`${ui.baseUrl}/api/auth/oidc/callback`);
    await context.close();
  });

  it('shows a host created elsewhere on the open hosts page without a reload', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    const org = await signInAsNewOrg(ui, context);
    const net = await addNetwork(ui.http, org.owner.session);
    await page.goto('/hosts');
    await page.getByRole('heading', { name: 'Hosts' }).waitFor();
    const name = `live-${randomUUID().slice(0, 8)}`;
    expectOk(await ui.http.as(org.owner.session).post('/api/v1/hosts', { network_id: net, name }), 201);
    await page.getByText(name).waitFor({ timeout: 10_000 });
    await screenshot(page, 'hosts-live');
    await context.close();
  });
});
