import { Inject, Injectable, Logger } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { invalidField, notFound } from '../../../common/errors/app-error';
import { type PageRequest, toPage } from '../../../common/http/pagination';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import { cronError, nextRunAt } from '../domain/cron';
import { SCHEDULE_REPOSITORY, type ScheduleRepository, type ScheduleRow } from '../domain/schedule';
import { presentSettings } from './run.presenter';
import { type RunInput, RunsService } from './runs.service';
import { RunSettingsService } from './run-settings';
import { workerContext } from './worker-context';

export interface ScheduleInput extends RunInput {
  name: string;
  cron: string;
  enabled?: boolean;
}

const presentSchedule = (s: ScheduleRow) => ({
  id: s.id,
  network_id: s.network_id,
  name: s.name,
  cron: s.cron,
  enabled: s.enabled,
  ...presentSettings(s),
  next_run_at: s.next_run_at,
  last_run_id: s.last_run_id,
  created_at: s.created_at,
  updated_at: s.updated_at,
});

/** Per-network cron schedules (UTC); due ones start ordinary runs. */
@Injectable()
export class SchedulesService {
  private readonly logger = new Logger(SchedulesService.name);

  constructor(
    @Inject(SCHEDULE_REPOSITORY) private readonly schedules: ScheduleRepository,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly settings: RunSettingsService,
    private readonly runs: RunsService,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async create(ctx: TenantContext, input: ScheduleInput) {
    await this.networks.requireNetwork(ctx, input.network_id);
    const problem = cronError(input.cron);
    if (problem) throw invalidField('cron', 'cron', problem);
    const { settings } = await this.settings.settle(ctx, input.network_id, input);
    return this.tx.transaction(async () => {
      const schedule = presentSchedule(
        await this.schedules.create(ctx, input.network_id, {
          ...settings,
          name: input.name,
          cron: input.cron.trim(),
          enabled: input.enabled ?? true,
          next_run_at: nextRunAt(input.cron, new Date()),
        }),
      );
      await this.audit.record(ctx, { ...change(schedule, 'create'), after: schedule });
      return schedule;
    });
  }

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const { items, total } = await this.schedules.list(ctx, filter, page);
    return toPage(items.map(presentSchedule), total, page);
  }

  async get(ctx: TenantContext, id: string) {
    const schedule = await this.schedules.find(ctx, id);
    if (!schedule) throw notFound('discovery_schedule', id);
    return presentSchedule(schedule);
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const schedule = await this.schedules.find(ctx, id);
      if (!schedule || !(await this.schedules.delete(ctx, id))) throw notFound('discovery_schedule', id);
      await this.audit.record(ctx, { ...change(schedule, 'delete'), before: presentSchedule(schedule) });
    });
  }

  /** Starts a run for every due schedule and moves it to its next time; a run that cannot start is logged. */
  async startDue(now: Date): Promise<number> {
    return this.tx.transaction(async () => {
      const due = await this.schedules.lockDue(now);
      for (const schedule of due) {
        const ctx = workerContext(schedule, { type: 'discovery_schedule', id: schedule.id });
        let runId: string | null = null;
        try {
          runId = (await this.runs.start(ctx, schedule, schedule.id)).id;
        } catch (error) {
          this.logger.warn({ schedule_id: schedule.id, err: error }, 'Scheduled discovery run could not start');
        }
        await this.schedules.advance(ctx, schedule.id, nextRunAt(schedule.cron, now), runId);
      }
      return due.length;
    });
  }
}

const change = (schedule: { id: string; network_id: string }, action: string) => ({
  resourceType: 'discovery_schedule',
  resourceId: schedule.id,
  action,
  networkId: schedule.network_id,
});
