import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { Database } from '../../../common/database/database';
import type { RunJob } from '../domain/run';
import type { RunQueue } from '../domain/run-queue';

/** Both made by migration 1763900000006. */
const QUEUE_SCHEMA = 'pgboss';
const QUEUE_NAME = 'discovery-run';

/**
 * pg-boss on the app's own pool: jobs are sent through Database, so a run and its job commit together.
 * Its schema comes from a migration (migrate: false); maintenance runs where workers run.
 */
@Injectable()
export class PgBossRunQueue implements RunQueue, OnModuleInit {
  private boss?: PgBoss;
  private consuming = false;

  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit() {
    this.boss = new PgBoss({
      db: { executeSql: async (text, values) => ({ rows: await this.db.query(text, values) }) },
      schema: QUEUE_SCHEMA,
      migrate: false,
      supervise: this.config.discovery.worker,
      schedule: false,
    });
    this.boss.on('error', () => undefined);
    await this.boss.start();
  }

  async enqueue(job: RunJob) {
    await this.boss!.send(QUEUE_NAME, job);
  }

  async consume(concurrency: number, handler: (job: RunJob) => Promise<void>) {
    this.consuming = true;
    for (let i = 0; i < concurrency; i++) {
      await this.boss!.work<RunJob>(QUEUE_NAME, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) =>
        handler(job.data),
      );
    }
  }

  async depth() {
    return this.boss ? ((await this.boss.getQueueSize(QUEUE_NAME)) ?? undefined) : undefined;
  }

  async stop() {
    if (!this.boss) return;
    await this.boss.stop({ graceful: this.consuming, wait: true, close: false });
    this.boss = undefined;
  }
}
