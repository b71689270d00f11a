import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { AUDIT_EVENT_REPOSITORY, type AuditEventRepository } from '../domain/audit-event';

const DAY_MS = 24 * 3600 * 1000;

/** Keeps AUDIT_RETENTION_DAYS of events; the prune job calls it (infrastructure/audit-prune-schedule.ts). */
@Injectable()
export class AuditRetentionService {
  constructor(
    @Inject(AUDIT_EVENT_REPOSITORY) private readonly events: AuditEventRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Deletes the events older than the retention as of `now`; how many. */
  prune(now: Date = new Date()): Promise<number> {
    return this.events.prune(new Date(now.getTime() - this.config.auditRetentionDays * DAY_MS));
  }
}
