import { expectError } from '../support/http';
import { useTestApp } from '../support/test-app';

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

describe('the web UI served over HTTPS (COOKIE_SECURE=true)', () => {
  const ctx = useTestApp({ env: { COOKIE_SECURE: 'true' } });

  it('sends HSTS and upgrade-insecure-requests', async () => {
    const reply = await ctx.t.app.inject({ method: 'GET', url: '/hosts' });
    expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(reply.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
