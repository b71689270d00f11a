import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrations } from '../../migrations';
import { createDatabase } from '../support/test-database';
import { freePort, startServer } from '../support/server-process';

jest.setTimeout(120_000);

const getJson = async (port: number, path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('the server process', () => {
  it('refuses to start on a bad setting, naming it', async () => {
    const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://nope' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toMatch(/PORT="eighty"/);
    expect(server.output()).toMatch(/LOG_LEVEL="loud"/);
    expect(server.output()).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('serves on DATABASE_URL, and on SIGTERM finishes in-flight requests before it exits', async () => {
    const database = await createDatabase({ template: '' });
    const port = await freePort();
    const server = startServer({ DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1' });
    await server.waitFor('Netatlas listening');
    expect(server.output()).toContain('database: DATABASE_URL');
    const version = await getJson(port, '/api/version');
    expect(version).toMatchObject({ status: 200, body: { success: true, data: { api_version: 1 } } });
    // The built server finds the built UI (web/dist of the project, not of dist/).
    const page = await fetch(`http://127.0.0.1:${port}/hosts`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('<div id="root"></div>');

    // A request whose body is still arriving when SIGTERM comes must still be answered.
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => (response += chunk.toString()));
    const body = JSON.stringify({ slow: true });
    socket.write(
      `POST /api/nowhere HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.slice(0, 3));
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill('SIGTERM');
    await server.waitFor('SIGTERM received');
    socket.end(body.slice(3));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(response).toMatch(/^HTTP\/1\.1 404/);
    expect(response).toContain('"code":"route_not_found"');

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Stopped');
  });

  it('with no DATABASE_URL starts an embedded PostgreSQL whose data survives a restart', async () => {
    const dataDir = join(__dirname, `../../.data/test-process-${process.pid}`);
    const pgPort = await freePort();
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), HOST: '127.0.0.1' };
    const embeddedSql = async (sql: string) => {
      const client = new Client({
        host: '127.0.0.1',
        port: pgPort,
        user: 'postgres',
        password: 'netatlas-embedded',
        database: 'postgres',
      });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };
    try {
      for (const run of [1, 2]) {
        const port = await freePort();
        const server = startServer({ ...env, PORT: String(port) });
        await server.waitFor('Netatlas listening', 90_000);
        expect(server.output()).toContain('database: embedded');
        const ready = await getJson(port, '/api/health/ready');
        expect(ready).toMatchObject({ status: 200, body: { data: { status: 'ready' } } });
        if (run === 1)
          await embeddedSql(`CREATE TABLE kept_between_runs (n int); INSERT INTO kept_between_runs VALUES (42)`);
        else expect(await embeddedSql(`SELECT n FROM kept_between_runs`)).toEqual([{ n: 42 }]);
        expect(await embeddedSql(`SELECT count(*)::int AS n FROM schema_migrations`)).toEqual([
          { n: migrations.length },
        ]);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        await expect(embeddedSql('SELECT 1')).rejects.toThrow();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
