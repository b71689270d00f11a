import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../../../common/jobs/job-queue';
import { EventRetentionService } from '../application/event-retention.service';

/** Made by migration 1763900000018 (singleton: one prune at a time across instances). */
const PRUNE_QUEUE = 'events-prune';
/** Daily, off the hour and apart from the audit prune (03:17). */
const PRUNE_CRON = '47 3 * * *';

/** The daily prune of the outbox, on the process's pg-boss (which schedules only where discovery workers run). */
@Injectable()
export class EventPruneSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger(EventPruneSchedule.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly retention: EventRetentionService,
  ) {}

  onApplicationBootstrap() {
    return this.jobs.schedule(PRUNE_QUEUE, PRUNE_CRON, async () => {
      const pruned = await this.retention.prune();
      this.logger.log({ pruned }, 'Events past retention pruned');
    });
  }
}
