import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { EVENT_RETENTION_REPOSITORY, type EventRetentionRepository } from '../domain/event-retention';

const DAY_MS = 24 * 3600 * 1000;
/** Events deleted per statement: each batch is its own short transaction, however large the backlog. */
export const PRUNE_BATCH = 1000;

/** Keeps EVENTS_RETENTION_DAYS of the outbox; the daily job calls it (infrastructure/event-prune-schedule.ts). */
@Injectable()
export class EventRetentionService {
  constructor(
    @Inject(EVENT_RETENTION_REPOSITORY) private readonly events: EventRetentionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Deletes the events older than the retention as of `now`, but those still being delivered; how many. */
  async prune(now: Date = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.eventsRetentionDays * DAY_MS);
    let total = 0;
    for (;;) {
      const deleted = await this.events.pruneBatch(before, PRUNE_BATCH);
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }
}
