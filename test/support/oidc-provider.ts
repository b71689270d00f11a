import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { OIDC_PROVIDER_SERVER } from './oidc-provider-server';

/** What the provider says about a person: the ID token's claims. */
export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

/**
 * An ID token the app must refuse, made by the provider from the real one: `altered` (another email put in
 * after signing), `other_audience` (signed by the provider for another client), `stranger_key` (signed by a
 * key the provider never published).
 */
export type SpoiledIdToken = 'altered' | 'other_audience' | 'stranger_key';

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lets `login` sign in at the provider's login page (any password), with these ID token claims. */
  addAccount(login: string, account: OidcAccount, spoil?: SpoiledIdToken): Promise<void>;
  /**
   * Plays the browser at the provider: opens the authorization URL, signs in on the provider's login page
   * as the account (its email as the login) and consents, or cancels there; returns the URL the provider
   * sends the browser back to (the app's callback, with code and state, or error and state).
   */
  authorize(
    authorizationUrl: string,
    account: OidcAccount,
    options?: { spoil?: SpoiledIdToken; cancel?: boolean },
  ): Promise<URL>;
  /** Every provider route answers this status (the provider down behind its proxy); null ends it. */
  setOutage(status: number | null): Promise<void>;
  stop(): Promise<void>;
}

export interface OidcProviderOptions {
  /** Where to listen (a free port by default): a provider that comes back on the same address. */
  port?: number;
  clientSecret?: string;
}

const CLIENT_ID = 'netatlas-test';

/** oidc-provider in a child process on loopback, with one client registered for redirectUri. */
export async function startOidcProvider(
  redirectUri: string,
  options: OidcProviderOptions = {},
): Promise<OidcTestProvider> {
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, ['--input-type=module', '-e', OIDC_PROVIDER_SERVER], {
    cwd: join(__dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: redirectUri,
      OIDC_PORT: String(options.port ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const issuer = await issuerOf(child);
  const setUp = async (path: string, body: unknown) => {
    const res = await fetch(`${issuer}/__test/${path}`, { method: 'PUT', body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`the test provider answered ${res.status} to ${path}`);
  };
  const addAccount = (login: string, account: OidcAccount, spoil?: SpoiledIdToken) =>
    setUp(`accounts/${encodeURIComponent(login)}`, { claims: account, spoil });
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    addAccount,
    authorize: async (url, account, { spoil, cancel = false } = {}) => {
      await addAccount(account.email, account, spoil);
      return signInAtProvider(url, account.email, redirectUri, cancel);
    },
    setOutage: (status) => setUp('outage', { status }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function issuerOf(child: ChildProcess): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /issuer (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`oidc-provider exited with ${code}: ${output}`)));
  });
}

/**
 * Follows the provider's redirects and fills its login and consent forms as a browser would, with a
 * cookie jar of its own (cookies by name and path: the provider scopes its interaction cookies by path).
 */
async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string, cancel: boolean) {
  const jar = new Map<string, { name: string; value: string; path: string }>();
  const request = async (url: URL, form?: Record<string, string>) => {
    const cookie = [...jar.values()]
      .filter((c) => url.pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
      body: form && new URLSearchParams(form),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      const path = attributes.map((a) => /^\s*path=(.*)$/i.exec(a)?.[1]).find(Boolean) ?? '/';
      if (value) jar.set(`${name} ${path}`, { name, value, path });
      else jar.delete(`${name} ${path}`);
    }
    return res;
  };

  let url = new URL(authorizationUrl);
  let res = await request(url);
  for (let step = 0; step < 12; step++) {
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
      res = await request(url);
      continue;
    }
    const page = res.status === 200 ? await res.text() : '';
    const form = /<form[^>]* action="([^"]+)"[^]*?name="prompt" value="(\w+)"/.exec(page);
    const abort = /<a href="([^"]+\/abort)"/.exec(page);
    if (!form || !abort) throw new Error(`the provider answered ${res.status} at ${url.href}: ${page}`);
    if (cancel) res = await request(new URL(abort[1]!, url));
    else if (form[2] === 'login')
      res = await request(new URL(form[1]!, url), { prompt: 'login', login, password: 'any' });
    else res = await request(new URL(form[1]!, url), { prompt: form[2]! });
  }
  throw new Error('the provider took more than 12 steps');
}
