import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { RUN_REPOSITORY, type RunRepository } from '../domain/run';
import { RUN_QUEUE, type RunQueue } from '../domain/run-queue';
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
      if (job.attempts >= MAX_ATTEMPTS) {
        if (
          await this.runs.finish(ctx, job.run_id, 'failed', `The worker running it stopped (${job.attempts} attempts)`)
        )
          this.metrics.runAbandoned();
        continue;
      }
      await this.executor.requeue(job, false);
    }
  }

  private every(ms: number, task: () => Promise<unknown>) {
    const timer = setInterval(() => {
      task().catch((error: unknown) => this.logger.warn({ err: error }, 'Discovery maintenance failed'));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
