import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/common/config/app-config';
import type { ApiCall } from '../../scripts/seed-network';

/** The app with the built UI, listening on loopback, and a signed-in session of a fresh organization. */
export interface UiBenchApp {
  baseUrl: string;
  /** The session cookie's value, for the browser. */
  cookie: string;
  /** In-process calls (app.inject) as the signed-in user: seeding and the API's own times. */
  call: ApiCall;
  close(): Promise<void>;
}

export async function startUiBenchApp(
  dataSource: DataSource,
  databaseUrl: string,
  webRoot: string,
): Promise<UiBenchApp> {
  const app: NestFastifyApplication = await createApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      WEB_ROOT: webRoot,
      DISCOVERY_WORKER: 'false',
    }),
    dataSource,
    // The limiter's clock runs fast: the bench measures the map, not the rate limit.
    clock: () => Date.now() * 1_000_000,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const inject = async (method: 'GET' | 'POST', url: string, body?: object, cookie?: string) => {
    const res = await app.inject({
      method,
      url,
      payload: body,
      headers: cookie ? { cookie: `session_id=${cookie}` } : {},
    });
    return { status: res.statusCode, body: res.body, headers: res.headers };
  };
  const registered = await inject('POST', '/api/auth/register', {
    email: `bench-${randomUUID()}@example.test`,
    password: 'benchmark-password',
    name: 'Bench',
    organization_name: 'Bench',
  });
  const cookie = /session_id=([^;]+)/.exec(String(registered.headers['set-cookie']))?.[1];
  if (!cookie) throw new Error(`register: ${registered.status} ${registered.body.slice(0, 300)}`);
  return {
    baseUrl: await app.getUrl(),
    cookie,
    call: async (method, url, body) => {
      const { status, body: text } = await inject(method, url, body, cookie);
      return { status, body: text };
    },
    close: () => app.close(),
  };
}
