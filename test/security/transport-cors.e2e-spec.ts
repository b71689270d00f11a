import { createTestApp, type TestApp } from '../support/test-app';

const ALLOWED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

const preflight = (t: TestApp, origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/networks',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
const simple = (t: TestApp, origin: string) => t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS closed by default', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('gives no Access-Control-* header to any origin, preflight or simple request', async () => {
    for (const origin of [ALLOWED, OTHER, 'null']) {
      const pre = await preflight(t, origin);
      expect(corsHeaders(pre.headers)).toEqual([]);
      expect(pre.statusCode).toBeGreaterThanOrEqual(400);
      expect(pre.json()).toMatchObject({ success: false });
      expect(corsHeaders((await simple(t, origin)).headers)).toEqual([]);
    }
  });

  it('takes JSON bodies only: text/plain, form-urlencoded and multipart are 415 in the envelope', async () => {
    for (const [type, payload] of [
      ['text/plain', '{"email":"a@b.c","password":"x"}'],
      ['application/x-www-form-urlencoded', 'email=a%40b.c&password=x'],
      [
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--b--\r\n',
      ],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
    }
  });
});

describe('CORS opened with CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { CORS_ORIGINS: `${ALLOWED},http://localhost:5173` } })));
  afterAll(() => t.close());

  it('answers a listed origin exactly (never *), with credentials, preflight 204 and simple requests', async () => {
    const pre = await preflight(t, ALLOWED);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(pre.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/Content-Type/i);
    expect(pre.headers['x-request-id']).toBeDefined();
    const res = await simple(t, ALLOWED);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/X-Request-Id/);
    expect(String(res.headers.vary)).toMatch(/Origin/);
  });

  it('gives other origins nothing, however close to a listed one', async () => {
    for (const origin of [OTHER, `${ALLOWED}.evil.net`, 'http://app.example.com', 'null']) {
      expect(corsHeaders((await preflight(t, origin)).headers)).toEqual([]);
      expect(corsHeaders((await simple(t, origin)).headers)).toEqual([]);
    }
  });
});
