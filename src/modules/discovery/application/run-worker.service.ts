import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { RUN_REPOSITORY, type RunJob, type RunRepository } from '../domain/run';
import { RUN_QUEUE, type RunQueue } from '../domain/run-queue';
import { DiscoveryHooks, finishedRun } from './discovery-hooks';
import { DiscoveryMetrics } from './discovery-metrics';
import { RunExecutor } from './run-executor';
import { SchedulesService } from './schedules.service';
import { workerContext } from './worker-context';

/** A run whose worker died is tried this many times in all, then failed. */
export const MAX_ATTEMPTS = 2;

/**
 * Where DISCOVERY_WORKER is on (the API process by default, `npm run worker`): takes runs from the queue,
 * starts due schedules, and rescues runs whose worker stopped sending heartbeats.
 */
@Injectable()
export class RunWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunWorker.name);
  private timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RUN_QUEUE) private readonly queue: RunQueue,
    @Inject(RUN_REPOSITORY) private readonly runs: RunRepository,
    private readonly executor: RunExecutor,
    private readonly schedules: SchedulesService,
    private readonly metrics: DiscoveryMetrics,
    private readonly hooks: DiscoveryHooks,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
  ) {}

  async onApplicationBootstrap() {
    const { worker, workerConcurrency, stallTimeoutMs, schedulerIntervalMs } = this.config.discovery;
    if (!worker) return;
    await this.queue.consume(workerConcurrency, (job) => this.executor.execute(job));
    this.every(stallTimeoutMs / 2, () => this.rescueStalled());
    this.every(schedulerIntervalMs, () => this.schedules.startDue(new Date()));
  }

  async onApplicationShutdown() {
    this.timers.forEach(clearInterval);
    await this.executor.drain();
    await this.queue.stop();
  }

  /** Runs left `running` by a worker that died: queued again while attempts remain, else failed. */
  async rescueStalled(): Promise<void> {
    const stalled = await this.runs.stalled(new Date(Date.now() - this.config.discovery.stallTimeoutMs));
    for (const job of stalled) {
      const ctx = workerContext(job);
      if (job.attempts >= MAX_ATTEMPTS) await this.abandon(ctx, job);
      else await this.executor.requeue(job, false);
    }
  }

  /** Fails a run that lost its last worker and announces it, together; a run that ended meanwhile is left alone. */
  private async abandon(ctx: TenantContext, job: RunJob & { attempts: number }): Promise<void> {
    const error = `The worker running it stopped (${job.attempts} attempts)`;
    const failed = await this.tx.transaction(async () => {
      if (!(await this.runs.finish(ctx, job.run_id, 'failed', error))) return false;
      await this.hooks.runFinished.run(
        ctx,
        finishedRun({ id: job.run_id, network_id: job.network_id }, 'failed', { error }),
      );
      return true;
    });
    if (failed) this.metrics.runAbandoned();
  }

  private every(ms: number, task: () => Promise<unknown>) {
    const timer = setInterval(() => {
      task().catch((error: unknown) => this.logger.warn({ err: error }, 'Discovery maintenance failed'));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
