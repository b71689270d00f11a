import { expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, registerOrg } from '../support/tenants';
import { allowFraming } from '../../src/common/http/web-ui';
import type { FastifyInstance } from 'fastify';

/** The built UI (npm test builds it) is served by the same app; /api keeps its envelope. */
describe('the web UI served at /', () => {
  const ctx = useTestApp();

  it('serves index.html at / and at the UI routes, never cached, with a CSP that allows no inline script', async () => {
    for (const url of ['/', '/hosts', '/topology?view=L2Physical', '/share/6b1f6f0e-3c1d-4f4b-9a59-1b0f8f0f0f0f']) {
      const reply = await ctx.t.app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.body).toContain('<div id="root"></div>');
      expect(reply.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      expect(reply.headers['x-request-id']).toBeDefined();
    }
  });

  it('serves hashed assets cached for good', async () => {
    const index = await ctx.t.app.inject({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.body)![1];
    const reply = await ctx.t.app.inject({ method: 'GET', url: script });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves /api alone: unknown API routes are envelope 404s, not the UI', async () => {
    expectError(await ctx.http.as().get('/api/v1/nothing-here'), 404, 'route_not_found');
    expectError(await ctx.http.as().get('/api'), 404, 'route_not_found');
    const post = await ctx.t.app.inject({ method: 'POST', url: '/hosts' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ success: false, code: 'route_not_found' });
  });

  it('over plain HTTP sends neither HSTS nor upgrade-insecure-requests (a LAN address must keep working)', async () => {
    const reply = await ctx.t.app.inject({ method: 'GET', url: '/' });
    expect(reply.headers['strict-transport-security']).toBeUndefined();
    expect(reply.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

/** frame-ancestors of a CSP header: its sources, in order. */
const frameAncestorsOf = (csp: unknown) =>
  /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(String(csp))?.[1].trim().split(/\s+/);

describe('framing: /share/{id} may be shown in a frame on its allowed domains, every other page only by the app', () => {
  const ctx = useTestApp();

  async function share(allowed_domains: string[] | null) {
    const org = await registerOrg(ctx.http);
    const network_id = await addNetwork(ctx.http, org.owner.session);
    const body = { network_id, name: 'Embedded', allowed_domains };
    return expectOk(await ctx.http.as(org.owner.session).post('/api/v1/shares', body), 201).id as string;
  }
  const page = (url: string) => ctx.t.app.inject({ method: 'GET', url });

  it('a share with allowed domains: frame-ancestors lists them (any port) and no X-Frame-Options', async () => {
    const id = await share(['Wiki.Example.com', 'intranet', 'bücher.example']);
    for (const url of [`/share/${id}`, `/share/${id}/`, `/share/${id.toUpperCase()}?view=L3Logical`]) {
      const reply = await page(url);
      expect(reply.statusCode).toBe(200);
      expect(reply.body).toContain('<div id="root"></div>');
      expect(frameAncestorsOf(reply.headers['content-security-policy'])).toEqual([
        "'self'",
        'wiki.example.com:*',
        'intranet:*',
        'xn--bcher-kva.example:*',
      ]);
      expect(reply.headers['x-frame-options']).toBeUndefined();
      // The rest of the policy is helmet's, unchanged.
      expect(reply.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      expect(String(reply.headers['content-security-policy']).match(/frame-ancestors/g)).toHaveLength(1);
    }
  });

  it("no domains, an unknown or malformed id, and every other page keep frame-ancestors 'self' and SAMEORIGIN", async () => {
    const open = await share(null);
    const listed = await share(['wiki.example.com']);
    for (const url of [
      `/share/${open}`,
      '/share/00000000-0000-4000-8000-000000000000',
      '/share/not-a-uuid',
      `/share/${listed}/extra`,
      `/shares?share=${listed}`,
      '/',
      '/hosts',
    ]) {
      const reply = await page(url);
      expect(reply.statusCode).toBe(200);
      expect(frameAncestorsOf(reply.headers['content-security-policy'])).toEqual(["'self'"]);
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
    // The API and the assets are not pages: they keep helmet's headers too.
    const api = await page(`/api/v1/shares/public/${listed}`);
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(frameAncestorsOf(api.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('the hook takes only plain host sources from a provider, and a failing provider keeps the page unframeable', async () => {
    const fastify = ctx.t.app.getHttpAdapter().getInstance() as FastifyInstance;
    allowFraming(fastify, async (path) =>
      path === '/framing-test'
        ? ['x.example; script-src *', "'unsafe-inline'", 'data:', '*', 'https://ok.example', 'ok.example:*']
        : undefined,
    );
    allowFraming(fastify, async (path) => {
      if (path === '/framing-broken') throw new Error('database down');
      return undefined;
    });
    const ok = await page('/framing-test?x=1');
    expect(frameAncestorsOf(ok.headers['content-security-policy'])).toEqual([
      "'self'",
      'https://ok.example',
      'ok.example:*',
    ]);
    expect(ok.headers['x-frame-options']).toBeUndefined();
    const broken = await page('/framing-broken');
    expect(broken.statusCode).toBe(200);
    expect(frameAncestorsOf(broken.headers['content-security-policy'])).toEqual(["'self'"]);
    expect(broken.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a change to the domains shows on the next load', async () => {
    const org = await registerOrg(ctx.http);
    const network_id = await addNetwork(ctx.http, org.owner.session);
    const as = ctx.http.as(org.owner.session);
    const id = expectOk(await as.post('/api/v1/shares', { network_id, name: 'x', allowed_domains: ['a.example'] }), 201)
      .id as string;
    expect(frameAncestorsOf((await page(`/share/${id}`)).headers['content-security-policy'])).toContain('a.example:*');
    expectOk(await as.put(`/api/v1/shares/${id}`, { network_id, name: 'x', allowed_domains: null }));
    const reply = await page(`/share/${id}`);
    expect(frameAncestorsOf(reply.headers['content-security-policy'])).toEqual(["'self'"]);
    expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('the web UI served over HTTPS (COOKIE_SECURE=true)', () => {
  const ctx = useTestApp({ env: { COOKIE_SECURE: 'true' } });

  it('sends HSTS and upgrade-insecure-requests', async () => {
    const reply = await ctx.t.app.inject({ method: 'GET', url: '/hosts' });
    expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(reply.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
