import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { Database } from '../../../common/database/database';
import { AuditRetentionService } from '../application/audit-retention.service';

/** Made by migration 1763900000014 (singleton: one prune at a time across instances). */
const PRUNE_QUEUE = 'audit-prune';
/** Daily, off the hour. */
const PRUNE_CRON = '17 3 * * *';

/**
 * The scheduled prune: pg-boss on the app's pool keeps the cron schedule (one job per tick across every
 * instance) and runs it where discovery workers run, as the other maintenance does.
 */
@Injectable()
export class PgBossAuditPrune implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PgBossAuditPrune.name);
  private boss?: PgBoss;

  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly retention: AuditRetentionService,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.discovery.worker) return;
    this.boss = new PgBoss({
      db: { executeSql: async (text, values) => ({ rows: await this.db.query(text, values) }) },
      schema: 'pgboss',
      migrate: false,
      supervise: false,
      schedule: true,
    });
    this.boss.on('error', (error) => this.logger.warn({ err: error }, 'Audit prune scheduling failed'));
    await this.boss.start();
    await this.boss.schedule(PRUNE_QUEUE, PRUNE_CRON, {}, { tz: 'UTC' });
    await this.boss.work(PRUNE_QUEUE, async () => {
      const pruned = await this.retention.prune();
      this.logger.log({ pruned }, 'Audit events past retention pruned');
    });
  }

  async onApplicationShutdown() {
    await this.boss?.stop({ graceful: true, wait: true, close: false });
    this.boss = undefined;
  }
}
