import { Module } from '@nestjs/common';
import { JobsModule } from '../../common/jobs/jobs.module';
import { CredentialsModule } from '../credentials';
import { InventoryModule } from '../inventory';
import { TenancyModule } from '../tenancy';
import { RunEventStreams } from './api/run-event-streams';
import { RunsController } from './api/runs.controller';
import { SchedulesController } from './api/schedules.controller';
import { DiscoveryHooks } from './application/discovery-hooks';
import { DiscoveryMetrics } from './application/discovery-metrics';
import { RunExecutor } from './application/run-executor';
import { RunSettingsService } from './application/run-settings';
import { RunWorker } from './application/run-worker.service';
import { RunsService } from './application/runs.service';
import { SchedulesService } from './application/schedules.service';
import { HOST_SCANNER } from './domain/host-scanner.port';
import { RUN_REPOSITORY } from './domain/run';
import { RUN_QUEUE } from './domain/run-queue';
import { SCHEDULE_REPOSITORY } from './domain/schedule';
import { NetworkScanner } from './infrastructure/network-scanner';
import { PgBossRunQueue } from './infrastructure/pg-boss.queue';
import { PgRunRepository } from './infrastructure/run.repository';
import { PgScheduleRepository } from './infrastructure/schedule.repository';

/** Discovery runs on a pg-boss queue: TCP and SNMP scans whose results go through the observations ingest. */
@Module({
  imports: [JobsModule, TenancyModule, InventoryModule, CredentialsModule],
  controllers: [RunsController, SchedulesController],
  providers: [
    RunsService,
    RunSettingsService,
    SchedulesService,
    RunExecutor,
    RunWorker,
    RunEventStreams,
    DiscoveryMetrics,
    DiscoveryHooks,
    { provide: HOST_SCANNER, useClass: NetworkScanner },
    { provide: RUN_REPOSITORY, useClass: PgRunRepository },
    { provide: SCHEDULE_REPOSITORY, useClass: PgScheduleRepository },
    { provide: RUN_QUEUE, useClass: PgBossRunQueue },
  ],
  exports: [DiscoveryHooks],
})
export class DiscoveryModule {}
