/**
 * The test identity provider's program, run by `node --input-type=module -e` in a child process (jest
 * cannot load the oidc-provider ES module): a real oidc-provider on loopback, with its own quick-start
 * login and consent pages (devInteractions), as a person meets them in a browser. It prints its issuer
 * once listening and exits on SIGTERM.
 *
 * Test-only routes under /__test/ set it up:
 * - PUT /__test/accounts/<login> {claims, spoil}: who may sign in (any password) and the ID token's claims;
 *   `spoil` makes the token endpoint hand out an ID token the app must refuse (see SPOILERS).
 * - PUT /__test/outage {status}: every provider route answers that status (a provider down behind its
 *   proxy) until the status is null.
 */
export const OIDC_PROVIDER_SERVER = `
import { createServer } from 'node:http';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import Provider from 'oidc-provider';

const { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI, OIDC_PORT } = process.env;
const server = createServer();
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(Number(OIDC_PORT), '127.0.0.1', resolve);
});
const issuer = \`http://127.0.0.1:\${server.address().port}\`;

const accounts = new Map();
let outage = null;

function rsaKey(kid) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
}
// A kid of its own: a provider restarted on the same address has new keys, which the app must fetch.
const providerKey = rsaKey(randomUUID());
// The provider's kid on a key it never published: what another party would sign with.
const strangerKey = rsaKey(providerKey.jwk.kid);

const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
function signed(header, claims, privateKey) {
  const input = \`\${encode(header)}.\${encode(claims)}\`;
  return \`\${input}.\${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}\`;
}

/** ID tokens that must not verify at the app, each made from the real one. */
const SPOILERS = {
  // Another person's email put in after signing: the signature no longer matches.
  altered: ([header, , signature], claims) =>
    \`\${header}.\${encode({ ...claims, email: 'someone-else@' + claims.email.split('@')[1] })}.\${signature}\`,
  // Signed by the provider itself, for another client.
  other_audience: ([header], claims) => signed(decode(header), { ...claims, aud: 'another-client' }, providerKey.privateKey),
  // Signed by a key the provider never published.
  stranger_key: ([header], claims) => signed(decode(header), claims, strangerKey.privateKey),
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: OIDC_CLIENT_ID,
      client_secret: OIDC_CLIENT_SECRET,
      redirect_uris: [OIDC_REDIRECT_URI],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  jwks: { keys: [providerKey.jwk] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
  scopes: ['openid', 'email', 'profile', 'groups'],
  conformIdTokenClaims: false, // the claims go into the ID token itself, which is all the app reads
  cookies: { keys: ['netatlas-test-provider-cookie-key'] },
  features: { devInteractions: { enabled: true } },
  ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
  findAccount: (_ctx, login) =>
    accounts.has(login) ? { accountId: login, claims: () => ({ sub: login, ...accounts.get(login).claims }) } : undefined,
});
provider.on('server_error', (_ctx, error) => console.error(error));

/** Swaps the ID token in a token endpoint answer when its account asks for a spoiled one. */
function spoilIdToken(res) {
  const end = res.end.bind(res);
  res.end = (body, ...rest) => {
    const tokens = res.statusCode === 200 && body ? JSON.parse(String(body)) : {};
    const parts = tokens.id_token?.split('.');
    const claims = parts && decode(parts[1]);
    const spoil = claims && accounts.get(claims.sub)?.spoil;
    if (!spoil) return end(body, ...rest);
    const spoiled = JSON.stringify({ ...tokens, id_token: SPOILERS[spoil](parts, claims) });
    res.setHeader('content-length', Buffer.byteLength(spoiled));
    return end(spoiled, ...rest);
  };
}

async function jsonBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function setUp(req, res) {
  const body = await jsonBody(req);
  const [, , what, login] = req.url.split('/');
  if (what === 'accounts') accounts.set(decodeURIComponent(login), body);
  else if (what === 'outage') outage = body.status;
  else res.statusCode = 404;
  res.end();
}

const handle = provider.callback();
server.on('request', (req, res) => {
  if (req.url.startsWith('/__test/')) return void setUp(req, res);
  if (outage) {
    res.statusCode = outage;
    return res.end('The identity provider is unavailable');
  }
  if (req.method === 'POST' && req.url === '/token') spoilIdToken(res);
  return handle(req, res);
});

process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
console.log(\`issuer \${issuer}\`);
`;
