import Redis from 'ioredis';
import { ChildProcess, spawn } from 'node:child_process';
import { type Reply, expectError, expectOk } from '../support/http';
import { freePort } from '../support/server-process';
import { createTestApp, type TestApp, useTestApp } from '../support/test-app';
import { addKey, registerOrg } from '../support/tenants';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 1_000_000;
  const clock = () => now;
  clock.advance = (ms: number) => (now += ms);
  return clock;
}

const headers = (reply: Reply) => ({
  limit: reply.headers['x-ratelimit-limit'],
  remaining: reply.headers['x-ratelimit-remaining'],
  reset: reply.headers['x-ratelimit-reset'],
});

describe('rate limits (in memory)', () => {
  const clock = manualClock();
  const ctx = useTestApp({ clock });

  it('lets a burst of 150 through, then 429 with Retry-After; headers at every step; 5 tokens a second refill', async () => {
    const org = await registerOrg(ctx.http);
    const me = ctx.http.as(org.owner.session);
    // registering was anonymous (the address's bucket): the user's bucket starts full
    const first = await me.get('/api/v1/networks');
    expect(headers(first)).toEqual({ limit: '300', remaining: '149', reset: '1' });
    for (let i = 0; i < 148; i++) await me.get('/api/v1/networks');
    const last = await me.get('/api/v1/networks');
    expect(last.status).toBe(200);
    expect(headers(last)).toEqual({ limit: '300', remaining: '0', reset: '30' });
    const refused = await me.get('/api/v1/networks');
    expect(expectError(refused, 429, 'rate_limit_exceeded').params).toEqual({ retry_after_seconds: 1 });
    expect(refused.headers['retry-after']).toBe('1');
    expect(headers(refused)).toEqual({ limit: '300', remaining: '0', reset: '30' });

    clock.advance(1000);
    const refilled = [];
    for (let i = 0; i < 6; i++) refilled.push((await me.get('/api/v1/networks')).status);
    expect(refilled).toEqual([200, 200, 200, 200, 200, 429]);
    clock.advance(30_000);
    expect(headers(await me.get('/api/v1/networks'))).toEqual({ limit: '300', remaining: '149', reset: '1' });
  });

  it('gives each user a budget, shared by their sessions and keys, and anonymous callers one per address', async () => {
    const a = await registerOrg(ctx.http);
    const b = await registerOrg(ctx.http);
    const key = await addKey(ctx.http, a.owner.session);
    // creating the key took one token of the user's 150
    for (let i = 0; i < 75; i++) await ctx.http.as(a.owner.session).get('/api/v1/networks');
    for (let i = 0; i < 74; i++) await ctx.http.as(key.bearer).get('/api/v1/networks');
    expectError(await ctx.http.as(key.bearer).get('/api/v1/networks'), 429, 'rate_limit_exceeded');
    expectError(await ctx.http.as(a.owner.session).get('/api/v1/networks'), 429, 'rate_limit_exceeded');
    expect(headers(await ctx.http.as(b.owner.session).get('/api/v1/networks')).remaining).toBe('149');

    const share = expectOk(
      await ctx.http.as(b.owner.session).post('/api/v1/shares', {
        network_id: (await ctx.http.as(b.owner.session).post('/api/v1/networks', { name: 'n' })).body.data.id,
        name: 's',
      }),
      201,
    );
    const anonymous = (address: string) =>
      ctx.t.app
        .inject({ method: 'GET', url: `/api/v1/shares/public/${share.id}`, remoteAddress: address })
        .then((r) => ({ status: r.statusCode, headers: r.headers }));
    for (let i = 0; i < 150; i++) await anonymous('192.0.2.1');
    expect((await anonymous('192.0.2.1')).status).toBe(429);
    const other = await anonymous('192.0.2.2');
    expect([other.status, other.headers['x-ratelimit-remaining']]).toEqual([200, '149']);
  });

  it('limits health, version and unknown routes like any anonymous call', async () => {
    clock.advance(30_000);
    const statuses = [];
    for (let i = 0; i < 151; i++) statuses.push((await ctx.http.get('/api/version')).status);
    expect(statuses).toEqual([...Array(150).fill(200), 429]);
    const health = await ctx.http.get('/api/health');
    expect([health.status, health.headers['retry-after']]).toEqual([429, '1']);
    expect(health.body).toMatchObject({
      success: false,
      code: 'rate_limit_exceeded',
      params: { retry_after_seconds: 1 },
    });
    const unknown = await ctx.http.get('/api/v1/nothing-here');
    expect([unknown.status, unknown.headers['retry-after'], unknown.headers['x-ratelimit-remaining']]).toEqual([
      429,
      '1',
      '0',
    ]);
    expect(unknown.body).toMatchObject({
      success: false,
      code: 'rate_limit_exceeded',
      params: { retry_after_seconds: 1 },
    });
    clock.advance(30_000);
  });

  it('allows 10 logins, registrations and share password attempts a minute per address and route', async () => {
    const org = await registerOrg(ctx.http);
    // a different (unknown) account each time: the per-account lockout (test/rate-limit/backoff) stays out of it
    let attempt = 0;
    const login = (address: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { email: `nobody-${attempt++}@example.com`, password: 'wrong password' },
      });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await login('198.51.100.7')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const limited = await login('198.51.100.7');
    expect(limited.json()).toMatchObject({ code: 'rate_limit_exceeded', params: { retry_after_seconds: 6 } });
    expect((await login('198.51.100.8')).statusCode).toBe(401);
    clock.advance(6_000);
    expect((await login('198.51.100.7')).statusCode).toBe(401);

    const network = expectOk(await ctx.http.as(org.owner.session).post('/api/v1/networks', { name: 'n' }), 201).id;
    const shares = await Promise.all(
      [1, 2].map(
        async () =>
          expectOk(
            await ctx.http
              .as(org.owner.session)
              .post('/api/v1/shares', { network_id: network, name: 's', password: 'pw' }),
            201,
          ).id as string,
      ),
    );
    const verify = (id: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/v1/shares/public/${id}/verify`,
        remoteAddress: '203.0.113.9',
        payload: { password: 'guess' },
      });
    // 5 wrong passwords lock the share itself first (test/rate-limit/backoff); the other share is untouched
    const attempts = [];
    for (let i = 0; i < 6; i++) attempts.push((await verify(shares[0])).statusCode);
    expect(attempts).toEqual([...Array(5).fill(401), 429]);
    expect((await verify(shares[1])).statusCode).toBe(401);
  });
});

describe('client address', () => {
  const clock = manualClock();
  const trusted = useTestApp({ clock, env: { TRUST_PROXY: 'true' } });

  it('comes from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const untrusted = await createTestApp({ clock });
    try {
      for (const [app, expected] of [
        [trusted.t, '149'],
        [untrusted, '148'],
      ] as const) {
        const call = (forwarded: string) =>
          app.app.inject({
            method: 'GET',
            url: '/api/v1/shares/public/00000000-0000-4000-8000-000000000000',
            remoteAddress: '10.1.1.1',
            headers: { 'x-forwarded-for': forwarded },
          });
        await call('192.0.2.50');
        expect((await call('192.0.2.51')).headers['x-ratelimit-remaining']).toBe(expected);
      }
    } finally {
      await untrusted.close();
    }
  });
});

describe('rate limits in Redis', () => {
  const clock = manualClock();
  let apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((a) => a.close()));
    apps = [];
  });

  it('two instances on one Redis share exactly one budget', async () => {
    apps = [
      await createTestApp({ clock, env: { REDIS_URL: 'redis://127.0.0.1:6379' } }),
      await createTestApp({ clock, env: { REDIS_URL: 'redis://127.0.0.1:6379' } }),
    ];
    // One anonymous caller (an address unique to this run) spread over both instances at once.
    const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const redis = new Redis('redis://127.0.0.1:6379');
    await redis.del(`netatlas:rl:ip:${address}`); // a bucket left by an earlier run would skew the count
    redis.disconnect();
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        apps[i % 2].app.inject({
          method: 'GET',
          url: '/api/v1/shares/public/00000000-0000-4000-8000-000000000000',
          remoteAddress: address,
        }),
      ),
    );
    const passed = replies.filter((r) => r.statusCode !== 429).length;
    expect(passed).toBe(150);
  });

  it('fails open while Redis is down, logs it once, and limits again when it is back', async () => {
    const port = await freePort();
    const start = () =>
      spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
        stdio: 'ignore',
      });
    const stop = (p: ChildProcess) =>
      new Promise((resolve) => {
        if (p.exitCode !== null || p.signalCode !== null) return resolve(undefined);
        p.once('exit', resolve);
        p.kill('SIGKILL');
      });
    let redis = start();
    await new Promise((r) => setTimeout(r, 300));
    const app = await createTestApp({ clock, env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    apps = [app];
    const call = () =>
      app.app.inject({
        method: 'GET',
        url: '/api/v1/shares/public/00000000-0000-4000-8000-000000000000',
        remoteAddress: '198.18.9.9',
      });
    try {
      expect((await call()).headers['x-ratelimit-remaining']).toBe('149');
      await stop(redis);
      const during = [];
      for (let i = 0; i < 200; i++) during.push((await call()).statusCode);
      expect(during.filter((s) => s === 429)).toEqual([]);
      expect(app.logs.filter((l) => String(l.msg).includes('Redis unreachable'))).toHaveLength(1);
      redis = start();
      let limited = false;
      for (let i = 0; i < 100 && !limited; i++) {
        await new Promise((r) => setTimeout(r, 50));
        limited = (await call()).headers['x-ratelimit-remaining'] !== '149';
      }
      expect(limited).toBe(true);
    } finally {
      await stop(redis);
    }
  });
});
