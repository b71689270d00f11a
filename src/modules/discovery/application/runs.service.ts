import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { AppError, notFound } from '../../../common/errors/app-error';
import { type PageRequest, toPage } from '../../../common/http/pagination';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import { RUN_REPOSITORY, type RunEvent, type RunRepository, type RunRow } from '../domain/run';
import { RUN_QUEUE, type RunQueue } from '../domain/run-queue';
import { DiscoveryHooks, finishedRun } from './discovery-hooks';
import { presentRun } from './run.presenter';
import { type RunSettingsInput, RunSettingsService } from './run-settings';

export interface RunInput extends RunSettingsInput {
  network_id: string;
}

@Injectable()
export class RunsService {
  constructor(
    @Inject(RUN_REPOSITORY) private readonly runs: RunRepository,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly settings: RunSettingsService,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    private readonly hooks: DiscoveryHooks,
  ) {}

  /** Queues a run: the row and its job commit together, so a worker never sees one without the other. */
  async start(ctx: TenantContext, input: RunInput, scheduleId?: string) {
    await this.networks.requireNetwork(ctx, input.network_id);
    const { settings, addresses } = await this.settings.settle(ctx, input.network_id, input);
    const run = await this.tx.transaction(async () => {
      const created = await this.runs.create(ctx, input.network_id, settings, addresses.length, scheduleId);
      await this.queue.enqueue({
        run_id: created.id,
        organization_id: ctx.organizationId,
        network_id: created.network_id,
        created_by: created.created_by,
      });
      await this.audit.record(ctx, { ...change(created, 'create'), after: presentRun(created) });
      return created;
    });
    return presentRun(run);
  }

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const { items, total } = await this.runs.list(ctx, filter, page);
    return toPage(items.map(presentRun), total, page);
  }

  async get(ctx: TenantContext, id: string) {
    return presentRun(await this.require(ctx, id));
  }

  /**
   * Stops a queued or running run, its end announced in the same transaction; its worker notices at its next
   * heartbeat and ingests nothing.
   */
  async cancel(ctx: TenantContext, id: string) {
    const cancelled = await this.tx.transaction(async () => {
      const run = await this.runs.cancel(ctx, id);
      if (!run) return undefined;
      await this.audit.record(ctx, { ...change(run, 'cancel'), after: { status: run.status } });
      await this.hooks.runFinished.run(ctx, finishedRun(run, 'cancelled', { hosts_found: run.hosts_found }));
      return run;
    });
    if (cancelled) return presentRun(cancelled);
    const run = await this.require(ctx, id);
    throw new AppError('entity_conflict', `The run has already ended (${run.status})`, { status: run.status });
  }

  /** Why each host was linked as it was, or not: what the scan and the link resolution wrote down. */
  async diagnostics(ctx: TenantContext, id: string, filter: { hostId?: string }, page: PageRequest) {
    await this.require(ctx, id);
    const { items, total } = await this.runs.diagnostics(ctx, id, filter, page);
    return toPage(items, total, page);
  }

  /** Throws 404 for runs out of reach; the events stream checks this before it opens. */
  async require(ctx: TenantContext, id: string): Promise<RunRow> {
    const run = await this.runs.find(ctx, id);
    if (!run) throw notFound('discovery_run', id);
    return run;
  }

  events(ctx: TenantContext, id: string, afterId: string): Promise<RunEvent[]> {
    return this.runs.events(ctx, id, afterId);
  }
}

const change = (run: RunRow, action: string) => ({
  resourceType: 'discovery_run',
  resourceId: run.id,
  action,
  networkId: run.network_id,
});
