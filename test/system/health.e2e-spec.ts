import { withAdminClient, testDatabaseEnv } from '../support/test-database';
import { createTestApp, TestApp } from '../support/test-app';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setConnectionsAllowed = (allowed: boolean) =>
    withAdminClient(testDatabaseEnv().adminUrl, async (client) => {
      await client.query(`ALTER DATABASE "${t.database.name}" WITH ALLOW_CONNECTIONS ${allowed}`);
      if (!allowed)
        await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [
          t.database.name,
        ]);
    });

  it('GET /api/health answers while the process lives', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('GET /api/health/ready is 200 with the database, 503 without it, and recovers', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ success: true, data: { status: 'ready', database: 'up' } });

    await setConnectionsAllowed(false);
    try {
      const down = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        success: false,
        error: 'Database is not reachable',
        code: 'service_unavailable',
        params: { dependency: 'database' },
        meta: expect.objectContaining({ api_version: 1 }),
      });
      expect(down.body).not.toMatch(/terminat|connection|postgres|at \w+ \(/i);

      const live = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
    } finally {
      await setConnectionsAllowed(true);
    }
    const again = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(again.statusCode).toBe(200);
  });
});
