import { Module } from '@nestjs/common';
import { JobsModule } from '../../common/jobs/jobs.module';
import { AuditEventsController } from './api/audit-events.controller';
import { AuditEventsService } from './application/audit-events.service';
import { AuditRetentionService } from './application/audit-retention.service';
import { AUDIT_EVENT_REPOSITORY } from './domain/audit-event';
import { PgAuditEventRepository } from './infrastructure/audit-event.repository';
import { AuditPruneSchedule } from './infrastructure/audit-prune-schedule';

/**
 * Reading the audit trail and keeping it to its retention. Writing it is every module's, through the
 * AuditTrail port in src/common/audit, inside each write's transaction.
 */
@Module({
  imports: [JobsModule],
  controllers: [AuditEventsController],
  providers: [
    AuditEventsService,
    AuditRetentionService,
    AuditPruneSchedule,
    { provide: AUDIT_EVENT_REPOSITORY, useClass: PgAuditEventRepository },
  ],
  exports: [AuditRetentionService],
})
export class AuditModule {}
