import { expectOk } from '../support/http';
import { createTestApp, type TestApp, useTestApp } from '../support/test-app';
import { PASSWORD, registerOrg, uniqueEmail } from '../support/tenants';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 1_000_000;
  const clock = () => now;
  clock.advance = (ms: number) => (now += ms);
  return clock;
}

let addresses = 0;
/** A new client address each call: an attacker with many addresses. */
const nextAddress = () => `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses++ & 255}`;

const login = (t: TestApp, email: string, password: string, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

describe('login lockout per account, with backoff', () => {
  const clock = manualClock();
  const ctx = useTestApp({ clock });

  it('locks an account after 5 failures from any addresses, 1 min then doubling; unknown emails alike', async () => {
    const org = await registerOrg(ctx.http);
    const unknown = uniqueEmail('nobody');
    for (const email of [org.owner.email, unknown]) {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await login(ctx.t, email, 'wrong')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    }
    // the right password is refused too while locked, and the answers are the same for both emails
    const known = await login(ctx.t, org.owner.email, PASSWORD);
    const other = await login(ctx.t, unknown, PASSWORD);
    for (const reply of [known, other]) {
      expect(reply.statusCode).toBe(429);
      expect(reply.json()).toMatchObject({ code: 'rate_limit_exceeded', params: { retry_after_seconds: 60 } });
      expect(reply.headers['retry-after']).toBe('60');
      expect(reply.headers['x-ratelimit-limit']).toBe('5');
      expect(reply.headers['x-ratelimit-remaining']).toBe('0');
      expect(reply.headers['x-ratelimit-reset']).toBe('60');
    }
    // a different spelling of the same email is the same account
    expect((await login(ctx.t, ` ${org.owner.email.toUpperCase()} `, PASSWORD)).statusCode).toBe(429);

    clock.advance(60_000);
    expect((await login(ctx.t, org.owner.email, 'wrong again')).statusCode).toBe(401);
    const doubled = await login(ctx.t, org.owner.email, PASSWORD);
    expect([doubled.statusCode, doubled.headers['retry-after']]).toEqual([429, '120']);
    clock.advance(120_000);
    expect((await login(ctx.t, org.owner.email, 'wrong again')).statusCode).toBe(401);
    expect((await login(ctx.t, org.owner.email, PASSWORD)).headers['retry-after']).toBe('240');

    // after the lockout, the right password gets in and forgets the failures
    clock.advance(240_000);
    expect((await login(ctx.t, org.owner.email, PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(ctx.t, org.owner.email, 'wrong')).statusCode).toBe(401);
    expect((await login(ctx.t, org.owner.email, PASSWORD)).statusCode).toBe(200);
  });

  it('caps the lockout at 15 minutes and forgets failures after an hour without one', async () => {
    const email = uniqueEmail('capped');
    for (let i = 0; i < 5; i++) await login(ctx.t, email, 'wrong');
    for (const wait of [60_000, 120_000, 240_000, 480_000, 900_000]) {
      clock.advance(wait);
      expect((await login(ctx.t, email, 'wrong')).statusCode).toBe(401);
    }
    expect((await login(ctx.t, email, 'wrong')).headers['retry-after']).toBe('900');
    clock.advance(3_600_000);
    expect((await login(ctx.t, email, 'wrong')).statusCode).toBe(401);
    expect((await login(ctx.t, email, 'wrong')).statusCode).toBe(401);
  });

  it('locks a share after 5 wrong passwords from any addresses; other shares stay open', async () => {
    const org = await registerOrg(ctx.http);
    const me = ctx.http.as(org.owner.session);
    const network = expectOk(await me.post('/api/v1/networks', { name: 'n' }), 201).id as string;
    const share = async () =>
      expectOk(await me.post('/api/v1/shares', { network_id: network, name: 's', password: 'pw' }), 201).id as string;
    const [locked, open] = [await share(), await share()];
    const verify = (id: string, password: string) =>
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/v1/shares/public/${id}/verify`,
        remoteAddress: nextAddress(),
        payload: { password },
      });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await verify(locked, 'guess')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await verify(locked, 'pw');
    expect([refused.statusCode, refused.headers['retry-after']]).toEqual([429, '60']);
    expect((await verify(open, 'pw')).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await verify(locked, 'pw')).statusCode).toBe(200);
  });
});

describe('the strict bucket', () => {
  const clock = manualClock();
  const ctx = useTestApp({ clock });

  it("answers its 429 with its own X-RateLimit-* (10 a minute), not the general bucket's", async () => {
    const replies = [];
    for (let i = 0; i < 11; i++) replies.push(await login(ctx.t, uniqueEmail('strict'), 'wrong', '192.0.2.77'));
    expect(replies.map((r) => r.statusCode)).toEqual([...Array(10).fill(401), 429]);
    const refused = replies[10]!;
    expect(refused.headers['x-ratelimit-limit']).toBe('10');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe('60');
    expect(refused.headers['retry-after']).toBe('6');
    // an ordinary response still reports the general bucket
    expect(replies[0]!.headers['x-ratelimit-limit']).toBe('300');
  });
});

describe('Redis unreachable', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ clock, env: { REDIS_URL: 'redis://127.0.0.1:1' } })));
  afterAll(() => t.close());

  it('auth routes fall back to per-instance buckets and lockouts; other routes fail open', async () => {
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '192.0.2.99',
        payload: { email: uniqueEmail(`r${i}`), password: PASSWORD, name: 'x', organization_name: 'o' },
      });
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await register(i)).statusCode);
    expect(statuses.slice(-1)).toEqual([429]);
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);

    const logins = [];
    for (let i = 0; i < 11; i++) logins.push((await login(t, uniqueEmail('l'), 'wrong', '192.0.2.98')).statusCode);
    expect(logins).toEqual([...Array(10).fill(401), 429]);

    const email = uniqueEmail('locked');
    const perAccount = [];
    for (let i = 0; i < 6; i++) perAccount.push((await login(t, email, 'wrong')).statusCode);
    expect(perAccount).toEqual([401, 401, 401, 401, 401, 429]);

    // the general bucket fails open: 200 calls from one address, none refused
    const health = [];
    for (let i = 0; i < 200; i++)
      health.push((await t.app.inject({ method: 'GET', url: '/api/version', remoteAddress: '192.0.2.97' })).statusCode);
    expect(health.every((s) => s === 200)).toBe(true);
  });
});

describe('lockouts in Redis', () => {
  const clock = manualClock();
  let apps: TestApp[] = [];
  beforeAll(async () => {
    apps = [
      await createTestApp({ clock, env: { REDIS_URL: 'redis://127.0.0.1:6379' } }),
      await createTestApp({ clock, env: { REDIS_URL: 'redis://127.0.0.1:6379' } }),
    ];
  });
  afterAll(() => Promise.all(apps.map((a) => a.close())));

  it("two instances count one account's failures together", async () => {
    const email = uniqueEmail('redis');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(apps[i % 2]!, email, 'wrong')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(apps[0]!, email, 'wrong')).headers['retry-after']).toBe('60');
  });
});
