import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { Database } from '../database/database';
import { databaseUnavailable } from '../database/database-errors';

/** Made by migration 1763900000006; each queue by the migration of the table it serves. */
const SCHEMA = 'pgboss';
/** How often an idle worker of a `work` queue looks for a job. */
const POLLING_SECONDS = 0.5;

/**
 * The process's one pg-boss, on the app's own pool: a job sent inside Database.transaction() commits (or
 * rolls back) with the rows it is about. Its schema comes from migrations (migrate: false). Maintenance
 * (supervise) and cron schedules run only where discovery workers run (DISCOVERY_WORKER), as one job per
 * tick across every instance.
 *
 * It starts before the modules that use it and stops after them: their module imports JobsModule, and Nest
 * calls onApplicationShutdown on importers first. Each module stops its own queues (stopWork) once it has
 * drained what it runs; the rest (cron jobs in flight) finishes here.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private boss?: PgBoss;
  /** Handlers in flight, per queue: stopWork waits for its queue's. */
  private readonly running = new Map<string, Set<Promise<unknown>>>();

  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit() {
    const maintains = this.config.discovery.worker;
    this.boss = new PgBoss({
      db: { executeSql: async (text, values) => ({ rows: await this.db.query(text, values) }) },
      schema: SCHEMA,
      migrate: false,
      supervise: maintains,
      schedule: maintains,
    });
    // While the database is away every poll fails; readiness and requests say so already.
    this.boss.on('error', (error) => {
      if (!databaseUnavailable(error)) this.logger.warn({ err: error }, 'Job queue error');
    });
    await this.boss.start();
  }

  /** Queues one job; inside Database.transaction() it commits with the transaction. */
  async send<T extends object>(queue: string, data: T): Promise<void> {
    await this.started().send(queue, data);
  }

  /** Queues several jobs in one statement, not to be taken before `startAfter` when given. */
  async insert<T extends object>(queue: string, jobs: readonly T[], startAfter?: Date): Promise<void> {
    if (jobs.length === 0) return;
    await this.started().insert(jobs.map((data) => ({ name: queue, data, ...(startAfter && { startAfter }) })));
  }

  /** Takes jobs of `queue`, at most `concurrency` at once, until stopWork. */
  async work<T extends object>(queue: string, concurrency: number, handler: (data: T) => Promise<void>): Promise<void> {
    const boss = this.started();
    for (let i = 0; i < concurrency; i++)
      await boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: POLLING_SECONDS }, ([job]) =>
        this.track(queue, handler(job.data)),
      );
  }

  /**
   * Runs `handler` on `cron` (UTC), once per tick across every instance (the queue's policy is singleton).
   * Only where discovery workers run; elsewhere nothing is scheduled.
   */
  async schedule(queue: string, cron: string, handler: () => Promise<void>): Promise<void> {
    if (!this.config.discovery.worker) return;
    const boss = this.started();
    await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    await boss.work(queue, () => this.track(queue, handler()));
  }

  /** Jobs of `queue` waiting to be taken; undefined once stopped. */
  async size(queue: string): Promise<number | undefined> {
    return this.boss ? ((await this.boss.getQueueSize(queue)) ?? undefined) : undefined;
  }

  /** Takes no more jobs of `queue` and waits for the ones in flight. */
  async stopWork(queue: string): Promise<void> {
    await this.boss?.offWork(queue);
    await Promise.allSettled([...(this.running.get(queue) ?? [])]);
  }

  async onApplicationShutdown() {
    if (!this.boss) return;
    await this.boss.stop({ graceful: true, wait: true, close: false });
    this.boss = undefined;
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The job queue is not running');
    return this.boss;
  }

  private async track(queue: string, work: Promise<void>): Promise<void> {
    const running = this.running.get(queue) ?? new Set<Promise<unknown>>();
    this.running.set(queue, running);
    running.add(work);
    try {
      await work;
    } finally {
      running.delete(work);
    }
  }
}
