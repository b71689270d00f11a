import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../../../common/jobs/job-queue';
import { AuditRetentionService } from '../application/audit-retention.service';

/** Made by migration 1763900000014 (singleton: one prune at a time across instances). */
const PRUNE_QUEUE = 'audit-prune';
/** Daily, off the hour. */
const PRUNE_CRON = '17 3 * * *';

/** The daily prune, on the process's pg-boss (which schedules only where discovery workers run). */
@Injectable()
export class AuditPruneSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger(AuditPruneSchedule.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly retention: AuditRetentionService,
  ) {}

  onApplicationBootstrap() {
    return this.jobs.schedule(PRUNE_QUEUE, PRUNE_CRON, async () => {
      const pruned = await this.retention.prune();
      this.logger.log({ pruned }, 'Audit events past retention pruned');
    });
  }
}
