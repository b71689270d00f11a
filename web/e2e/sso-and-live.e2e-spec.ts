import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { oidcEnv } from '../../test/support/oidc-flow';
import { type OidcTestProvider, startOidcProvider } from '../../test/support/oidc-provider';
import { expectOk } from '../../test/support/http';
import { freePort } from '../../test/support/server-process';
import { addNetwork, registerOrg } from '../../test/support/tenants';
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
  Object.assign(env, oidcEnv(provider.issuer, provider.clientId, provider.clientSecret));
});
afterAll(() => provider?.stop());
const ui = useUiApp({ env, port: () => port });

/** From the app's sign-in page to the provider's login page, where the person is asked who they are. */
async function startSso(page: Page) {
  // The provider's quick-start pages import a web font; this machine has no internet to wait for.
  await page.route(/^https:\/\/fonts\.googleapis\.com\//, (route) => route.abort());
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await page.waitForURL(`${provider.issuer}/interaction/**`);
}

/** What a person does on the provider's own pages: sign in, then allow the app what it asks for. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('single sign-on and live updates in the browser', () => {
  it('offers single sign-on on the sign-in page, which sends the browser to the provider with state, nonce and PKCE', async () => {
    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Sign in with SSO' }).waitFor();
    await screenshot(page, 'sign-in-sso');
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

  it('signs a person in at the provider and back into the organization that claims their email domain', async () => {
    const org = await registerOrg(ui.http);
    const domain = `sso-${randomUUID().slice(0, 8)}.example.test`;
    expectOk(
      await ui.http.as(org.owner.session).put('/api/v1/organizations/sso', {
        email_domains: [domain],
        create_users: true,
        default_role: 'Viewer',
        role_claim: 'groups',
        role_mappings: [{ value: 'netatlas-admins', role: 'Admin' }],
        password_sign_in: false,
      }),
    );
    const email = `ada@${domain}`;
    await provider.addAccount(email, {
      email,
      email_verified: true,
      name: 'Ada Lovelace',
      groups: ['netatlas-admins'],
    });

    const { context, page } = await newPage(ui.browser, ui.baseUrl);
    await startSso(page);
    await signInAtProvider(page, email);
    await page.waitForURL(`${ui.baseUrl}/hosts`);
    await page.getByRole('heading', { name: 'Hosts' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByText('Ada Lovelace').waitFor();
    await screenshot(page, 'sso-signed-in');
    // The browser holds a session of the new user, made as the organization says.
    const me = await page.evaluate(() => fetch('/api/auth/me').then((res) => res.json()));
    expect(me.data).toMatchObject({ email, name: 'Ada Lovelace', role: 'Admin', organization_id: org.id });
    await context.close();
  });

  it('brings a person back to the sign-in page with the reason when no organization takes them, or when they cancel', async () => {
    const email = `bob@unclaimed-${randomUUID().slice(0, 8)}.example.test`;
    await provider.addAccount(email, { email, email_verified: true });
    const unclaimed = await newPage(ui.browser, ui.baseUrl);
    await startSso(unclaimed.page);
    await signInAtProvider(unclaimed.page, email);
    await unclaimed.page.waitForURL(`${ui.baseUrl}/sign-in?sso_error=sso_no_organization`);
    await unclaimed.page
      .getByRole('alert')
      .getByText('No organization here signs in people with your email domain.')
      .waitFor();
    await screenshot(unclaimed.page, 'sso-no-organization');
    expect((await unclaimed.context.cookies(ui.baseUrl)).map((c) => c.name)).not.toContain('session_id');
    await unclaimed.context.close();

    const cancelled = await newPage(ui.browser, ui.baseUrl);
    await startSso(cancelled.page);
    await cancelled.page.getByRole('link', { name: '[ Cancel ]' }).click();
    await cancelled.page.waitForURL(`${ui.baseUrl}/sign-in?sso_error=sso_provider_error`);
    await cancelled.page.getByRole('alert').getByText('The identity provider did not sign you in.').waitFor();
    expect((await cancelled.context.cookies(ui.baseUrl)).map((c) => c.name)).not.toContain('session_id');
    await cancelled.context.close();
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
