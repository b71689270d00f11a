import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/** What the provider says about a person: the ID token's claims. */
export interface OidcAccount {
  email: string;
  email_verified: boolean;
  name?: string;
  groups?: string[];
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser at the provider: opens the authorization URL, signs the account in and consents,
   * and returns the URL the provider sends the browser back to (the app's callback, code and state in it).
   */
  authorize(authorizationUrl: string, account: OidcAccount): Promise<URL>;
  stop(): Promise<void>;
}

/**
 * Runs in a child node process (jest cannot load the oidc-provider ES module): a real provider on loopback
 * that prints its issuer once listening and exits on SIGTERM. GET /interaction/<uid>?account=<base64url
 * JSON claims> signs that account in and grants the scopes, in place of a login and consent form; the
 * account id is that string, whose claims findAccount decodes.
 */
const SERVER_SCRIPT = `
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI } = process.env;
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = \`http://127.0.0.1:\${server.address().port}\`;

const claimsOf = (accountId) => JSON.parse(Buffer.from(accountId, 'base64url').toString('utf8'));

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: OIDC_CLIENT_ID,
      client_secret: OIDC_CLIENT_SECRET,
      redirect_uris: [OIDC_REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
  scopes: ['openid', 'email', 'profile', 'groups'],
  conformIdTokenClaims: false, // the claims go into the ID token itself, which is all the app reads
  cookies: { keys: ['netatlas-test-provider-cookie-key'] },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => \`/interaction/\${interaction.uid}\` },
  findAccount: (_ctx, accountId) => ({ accountId, claims: () => ({ sub: accountId, ...claimsOf(accountId) }) }),
});
provider.on('server_error', (_ctx, error) => console.error(error));

const handle = provider.callback();
server.on('request', async (req, res) => {
  if (!req.url.startsWith('/interaction/')) return handle(req, res);
  try {
    const accountId = new URL(req.url, issuer).searchParams.get('account');
    const { params } = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId, clientId: params.client_id });
    grant.addOIDCScope(params.scope);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
  } catch (error) {
    console.error(error);
    res.statusCode = 500;
    res.end(String(error));
  }
});

process.once('SIGTERM', () => server.close(() => process.exit(0)));
console.log(\`issuer \${issuer}\`);
`;

/** oidc-provider in a child process on loopback, with one client registered for redirectUri. */
export async function startOidcProvider(redirectUri: string): Promise<OidcTestProvider> {
  const clientId = 'netatlas-test';
  const clientSecret = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER_SCRIPT], {
    cwd: join(__dirname, '../..'),
    env: {
      PATH: process.env.PATH,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: redirectUri,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const issuer = await issuerOf(child);
  return {
    issuer,
    clientId,
    clientSecret,
    authorize: (url, account) => authorize(url, account, redirectUri),
    stop: async () => {
      if (child.exitCode !== null) return;
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

/** Follows the provider's redirects by hand with a cookie jar of its own, as a browser would. */
async function authorize(authorizationUrl: string, account: OidcAccount, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (url.pathname.startsWith('/interaction/')) {
      url.searchParams.set('account', Buffer.from(JSON.stringify(account)).toString('base64url'));
    }
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const value = pair!.slice(at + 1);
      if (value) jar.set(pair!.slice(0, at), value);
      else jar.delete(pair!.slice(0, at));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url.href}: ${await res.text()}`);
    url = new URL(location, url);
    if (url.href.startsWith(redirectUri)) return url;
  }
  throw new Error('the provider redirected more than 10 times');
}
