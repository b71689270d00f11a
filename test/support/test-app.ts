import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import type { AppModuleOptions } from '../../src/app.module';
import { loadConfig } from '../../src/common/config/app-config';
import { createDataSource } from '../../src/common/database/data-source';
import { createDatabase } from './test-database';
import { HttpClient } from './http';
import { recordSeen } from './secret-scan';

/** Where FilePath secrets may point in tests (nothing is read from it yet). */
export const CREDENTIAL_FILE_ROOT = '/tmp/netatlas-test-credentials';

export interface TestApp {
  app: NestFastifyApplication;
  dataSource: DataSource;
  database: { name: string; url: string };
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  /** Extra Nest modules (test-only controllers). */
  imports?: AppModuleOptions['imports'];
  /** The rate limiter's clock; by default time runs so fast that buckets refill between any two requests. */
  clock?: () => number;
}

/** Ordinary tests never meet a rate limit; test/rate-limit drives a clock of its own. */
const fastClock = () => Date.now() * 1_000_000;

/** Boots the whole app in-process on a fresh copy of the migrated template database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    CREDENTIAL_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    CREDENTIAL_FILE_ROOT: CREDENTIAL_FILE_ROOT,
    // Discovery tests turn the queue workers on; elsewhere they would only poll.
    DISCOVERY_WORKER: 'false',
    // Webhook tests deliver (WEBHOOK_WORKER=true); elsewhere nothing would be sent anyway.
    WEBHOOK_WORKER: 'false',
    ...options.env,
  });
  const dataSource = createDataSource({ url: database.url, poolMax: 5 });
  await dataSource.initialize();
  const logs: Record<string, unknown>[] = [];
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        logs.push(JSON.parse(line) as Record<string, unknown>);
        recordSeen('log line', line);
      }
      done();
    },
  });
  const app = await createApp({
    config,
    dataSource,
    logDestination,
    imports: options.imports,
    clock: options.clock ?? fastClock,
  });
  return {
    app,
    dataSource,
    database,
    logs,
    close: async () => {
      await app.close();
      await dataSource.destroy();
    },
  };
}

/**
 * One app per test file: `const ctx = useTestApp();` then `ctx.http`, `ctx.t` inside tests (set in
 * beforeAll, closed in afterAll).
 */
export function useTestApp(options: TestAppOptions = {}): { t: TestApp; http: HttpClient } {
  const ctx = {} as { t: TestApp; http: HttpClient };
  beforeAll(async () => {
    ctx.t = await createTestApp(options);
    ctx.http = new HttpClient(ctx.t.app);
  });
  afterAll(() => ctx.t.close());
  return ctx;
}
