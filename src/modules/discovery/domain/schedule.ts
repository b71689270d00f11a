import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';
import type { RunSettings } from './run';

export interface ScheduleFields extends RunSettings {
  name: string;
  cron: string;
  enabled: boolean;
  next_run_at: Date;
}

export interface ScheduleRow extends ScheduleFields {
  id: string;
  organization_id: string;
  network_id: string;
  last_run_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Schedules of the caller's organization in networks the caller may access. */
export interface ScheduleRepository {
  create(ctx: TenantContext, networkId: string, fields: ScheduleFields): Promise<ScheduleRow>;
  list(
    ctx: TenantContext,
    filter: { networkId?: string },
    page: PageRequest,
  ): Promise<{ items: ScheduleRow[]; total: number }>;
  find(ctx: TenantContext, id: string): Promise<ScheduleRow | undefined>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  /**
   * Maintenance across organizations: enabled schedules due at `now`, locked for this transaction
   * (SKIP LOCKED: several workers never start the same one twice).
   */
  lockDue(now: Date): Promise<ScheduleRow[]>;
  advance(ctx: TenantContext, id: string, nextRunAt: Date, lastRunId: string | null): Promise<void>;
}

export const SCHEDULE_REPOSITORY = Symbol('SCHEDULE_REPOSITORY');
