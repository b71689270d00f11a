import { type Reply, expectError, expectOk } from '../support/http';
import { useTestApp } from '../support/test-app';
import { addNetwork, addUser, registerOrg } from '../support/tenants';

const remaining = (reply: Reply) => Number(reply.headers['x-ratelimit-remaining']);

function expectLimitHeaders(reply: Reply) {
  expect(reply.headers['x-ratelimit-limit']).toBe('300');
  expect(reply.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  expect(reply.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
}

describe('X-RateLimit-* on every response', () => {
  // A clock that stands still: no token comes back between two requests.
  const ctx = useTestApp({ clock: () => 1_000_000 });

  it('on failures before and after authentication, each counted once', async () => {
    const org = await registerOrg(ctx.http);
    const owner = ctx.http.as(org.owner.session);
    expectOk(await owner.put('/api/v1/organizations/plan', { type: 'Free' }));
    await addNetwork(ctx.http, org.owner.session);
    const viewer = await addUser(ctx.http, org.owner.session, 'Viewer');

    const before = remaining(await owner.get('/api/v1/networks'));
    const failures: [Reply, number, string][] = [
      [await owner.post('/api/v1/networks', { name: 'second' }), 402, 'plan_limit_reached'],
      [await owner.get('/api/v1/no-such-route'), 404, 'route_not_found'],
      [
        await owner.post('/api/v1/networks', `"${'x'.repeat(1024 * 1024)}"`, { 'content-type': 'application/json' }),
        413,
        'payload_too_large',
      ],
      [
        await owner.post('/api/v1/networks', 'name=n', { 'content-type': 'application/x-www-form-urlencoded' }),
        415,
        'unsupported_media_type',
      ],
    ];
    for (const [reply, status, code] of failures) {
      expectError(reply, status, code);
      expectLimitHeaders(reply);
    }
    // the 402 and this read count for the user; the others never checked the session: the address pays
    expect(remaining(await owner.get('/api/v1/networks'))).toBe(before - 2);

    const forbidden = await ctx.http.as(viewer.session).post('/api/v1/networks', { name: 'n' });
    expectError(forbidden, 403, 'auth_permission_denied');
    expectLimitHeaders(forbidden);
    expect(remaining(forbidden)).toBe(remaining(await ctx.http.as(viewer.session).get('/api/v1/networks')) + 1);
  });

  it('on anonymous calls, counted by address: 401, unknown routes, version and health', async () => {
    const call = (url: string) =>
      ctx.t.app
        .inject({ method: 'GET', url, remoteAddress: '192.0.2.77' })
        .then((r): Reply => ({ status: r.statusCode, body: r.json(), headers: r.headers }));
    const unauthenticated = await call('/api/v1/networks');
    expectError(unauthenticated, 401, 'auth_not_authenticated');
    expectLimitHeaders(unauthenticated);
    const notFound = await call('/api/v1/nothing-here');
    expectError(notFound, 404, 'route_not_found');
    const version = await call('/api/version');
    expect(version.status).toBe(200);
    const health = await call('/api/health');
    expect(health.status).toBe(200);
    for (const reply of [notFound, version, health]) expectLimitHeaders(reply);
    expect([unauthenticated, notFound, version, health].map(remaining)).toEqual([149, 148, 147, 146]);
  });
});
