import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';

describe('request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes one structured line per request with id, method, path, status and duration', async () => {
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: '/api/version?x=1', headers: { 'x-request-id': id } });
    const line = t.logs.find((l) => l.request_id === id && l.msg === 'request completed');
    expect(line).toMatchObject({
      level: 30,
      request_id: id,
      req: { method: 'GET', path: '/api/version' },
      res: { status: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('redacts Authorization and Cookie headers', async () => {
    const id = randomUUID();
    const secret = `nta_${randomUUID()}`;
    await t.app.inject({
      method: 'GET',
      url: '/api/version',
      headers: { 'x-request-id': id, authorization: `Bearer ${secret}`, cookie: `session_id=${secret}` },
    });
    const line = t.logs.find((l) => l.request_id === id) as { req: { headers: Record<string, string> } };
    expect(line.req.headers.authorization).toBe('[Redacted]');
    expect(line.req.headers.cookie).toBe('[Redacted]');
    expect(JSON.stringify(t.logs)).not.toContain(secret);
  });
});
