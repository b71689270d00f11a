import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/common/config/app-config';
import type { ApiCall } from '../../scripts/seed-network';

/** The app under test, listening on loopback, and a caller holding an Admin API key of a fresh organization. */
export interface BenchApp {
  url: string;
  /** The twin that logs its requests: ask it what takeServerTimes should time. */
  loggedUrl: string;
  authorization: string;
  organizationId: string;
  call: ApiCall;
  /** Server times (pino-http's responseTime, ms) of the requests to `path` answered since the last call. */
  takeServerTimes(path: string): number[];
  close(): Promise<void>;
}

/** fetch as an ApiCall: method, path and JSON body to `url`, with the given headers. */
const fetchCall =
  (url: string, headers: Record<string, string>): ApiCall =>
  async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...headers, ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    return { status: res.status, body: await res.text() };
  };

async function listen(dataSource: DataSource, databaseUrl: string, logged: boolean, logs: string[]) {
  const app: NestFastifyApplication = await createApp({
    config: loadConfig({ LOG_LEVEL: logged ? 'info' : 'silent', DATABASE_URL: databaseUrl, DISCOVERY_WORKER: 'false' }),
    dataSource,
    // The limiter's clock runs fast: this measures the inventory, not the rate limit (bench/rate-limit.bench.ts does).
    clock: () => Date.now() * 1_000_000,
    logDestination: { write: (line: string) => void logs.push(line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: await app.getUrl() };
}

/**
 * Two instances of the app on one DataSource: the measured one logs nothing (as the bare server); a twin
 * with request logs answers the topology views, whose server time is read from its log lines.
 */
export async function startBenchApp(dataSource: DataSource, databaseUrl: string): Promise<BenchApp> {
  const logs: string[] = [];
  const measured = await listen(dataSource, databaseUrl, false, []);
  const twin = await listen(dataSource, databaseUrl, true, logs);
  const registered = await fetch(`${measured.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${randomUUID()}@example.test`,
      password: 'benchmark-password',
      name: 'Bench',
      organization_name: 'Bench',
    }),
  });
  const cookie = /session_id=[^;]+/.exec(String(registered.headers.get('set-cookie')))![0];
  const key = await fetchCall(measured.url, { cookie })('POST', '/api/v1/auth/keys', {
    name: 'bench',
    permissions: 'Admin',
  });
  if (key.status !== 201) throw new Error(`API key: ${key.status} ${key.body}`);
  const created = JSON.parse(key.body) as { data: { key: string; organization_id: string } };
  const authorization = `Bearer ${created.data.key}`;
  return {
    url: measured.url,
    loggedUrl: twin.url,
    authorization,
    organizationId: created.data.organization_id,
    call: fetchCall(measured.url, { authorization }),
    takeServerTimes(path) {
      const lines = logs
        .splice(0)
        .map((line) => JSON.parse(line) as { req?: { path?: string }; responseTime?: number });
      return lines.filter((l) => l.req?.path === path && l.responseTime !== undefined).map((l) => l.responseTime!);
    },
    async close() {
      await twin.app.close();
      await measured.app.close();
    },
  };
}
