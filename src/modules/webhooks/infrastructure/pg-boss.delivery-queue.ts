import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { Database } from '../../../common/database/database';
import type { DeliveryJob, DeliveryQueue } from '../domain/delivery';

/** Both made by migrations 1763900000006 (the schema) and 1763900000015 (the queue). */
const QUEUE_SCHEMA = 'pgboss';
const QUEUE_NAME = 'webhook-delivery';

/** pg-boss on the app's pool, like the discovery queue: a job commits with the event it delivers. */
@Injectable()
export class PgBossDeliveryQueue implements DeliveryQueue, OnModuleInit {
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
      // Maintenance is the discovery queue's (same schema); two supervisors would only repeat it.
      supervise: false,
      schedule: false,
    });
    this.boss.on('error', () => undefined);
    await this.boss.start();
  }

  async enqueue(jobs: readonly DeliveryJob[], startAfter?: Date) {
    if (jobs.length === 0) return;
    await this.boss!.insert(jobs.map((data) => ({ name: QUEUE_NAME, data, ...(startAfter && { startAfter }) })));
  }

  async consume(concurrency: number, handler: (job: DeliveryJob) => Promise<void>) {
    this.consuming = true;
    for (let i = 0; i < concurrency; i++) {
      await this.boss!.work<DeliveryJob>(QUEUE_NAME, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) =>
        handler(job.data),
      );
    }
  }

  async stop() {
    if (!this.boss) return;
    await this.boss.stop({ graceful: this.consuming, wait: true, close: false });
    this.boss = undefined;
  }
}
