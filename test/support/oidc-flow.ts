import { type Credentials, expectOk, HttpClient, type Reply } from './http';
import { type OidcAccount, type OidcTestProvider, type SpoiledIdToken, startOidcProvider } from './oidc-provider';
import { createTestApp, type TestApp } from './test-app';

/** The app's public address as the provider knows it (the registered redirect URI), in HTTP tests. */
export const SSO_HOST = 'netatlas.test';
export const SSO_REDIRECT_URI = `http://${SSO_HOST}/api/auth/oidc/callback`;

/** The settings an operator gives the app for its provider. */
export const oidcEnv = (issuer: string, clientId: string, clientSecret: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: clientId,
  OIDC_CLIENT_SECRET: clientSecret,
  OIDC_SCOPES: 'openid email profile groups',
});

export interface SsoTestApp {
  provider: OidcTestProvider;
  t: TestApp;
  http: HttpClient;
  sso: ReturnType<typeof ssoBrowser>;
}

/** One provider and one app signing in through it, per test file. */
export function useSsoTestApp(): SsoTestApp {
  const ctx = {} as SsoTestApp;
  beforeAll(async () => {
    ctx.provider = await startOidcProvider(SSO_REDIRECT_URI);
    ctx.t = await createTestApp({
      env: oidcEnv(ctx.provider.issuer, ctx.provider.clientId, ctx.provider.clientSecret),
    });
    ctx.t.app.flushLogs(); // Nest 11 holds its Logger's lines until listen(), which an inject()-driven app never calls
    ctx.http = new HttpClient(ctx.t.app);
    ctx.sso = ssoBrowser(ctx.http, ctx.provider);
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.provider?.stop();
  });
  return ctx;
}

export const cookieOf = (reply: Reply, name: string): string | undefined =>
  ([] as string[])
    .concat((reply.headers['set-cookie'] as string[] | string | undefined) ?? [])
    .map((line) => new RegExp(`^${name}=([^;]*)`).exec(line)?.[1])
    .find((value) => value);

/**
 * Single sign-on as a browser goes through it, the app reached with app.inject under SSO_HOST: the app's
 * login route, the provider's pages, the app's callback (with the flow cookie the login route set).
 */
export function ssoBrowser(http: HttpClient, provider: OidcTestProvider) {
  const start = () => http.as().get('/api/auth/oidc/login', { host: SSO_HOST });

  /** Login at the app and sign-in (or cancel) at the provider, up to the redirect back to the app's callback. */
  async function untilCallback(account: OidcAccount, options: { spoil?: SpoiledIdToken; cancel?: boolean } = {}) {
    const started = await start();
    expect(started.status).toBe(302);
    const flowCookie = cookieOf(started, 'oidc_flow');
    const callbackUrl = await provider.authorize(String(started.headers.location), account, options);
    const callback = (url = callbackUrl, cookie = flowCookie) =>
      http.as().get(url.pathname + url.search, { host: SSO_HOST, cookie: `oidc_flow=${cookie}` });
    return { callbackUrl, callback };
  }

  /** The whole flow: the callback's answer, and how to call the callback again. */
  async function signIn(account: OidcAccount, options: { spoil?: SpoiledIdToken; cancel?: boolean } = {}) {
    const flow = await untilCallback(account, options);
    return { ...flow, reply: await flow.callback() };
  }

  return { start, untilCallback, signIn };
}

/** The callback started a session and sent the browser to the UI: the signed-in user. */
export async function expectSignedIn(http: HttpClient, reply: Reply) {
  expect({ status: reply.status, location: reply.headers.location }).toEqual({ status: 302, location: '/' });
  const session: Credentials = { cookie: cookieOf(reply, 'session_id')! };
  return expectOk(await http.as(session).get('/api/auth/me'));
}

/** The browser went back to the sign-in page with the code, and without a session. */
export function expectRefused(reply: Reply, code: string) {
  expect({ status: reply.status, location: reply.headers.location }).toEqual({
    status: 302,
    location: `/sign-in?sso_error=${code}`,
  });
  expect(cookieOf(reply, 'session_id')).toBeUndefined();
}
