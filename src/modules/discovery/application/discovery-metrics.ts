import { Inject, Injectable } from '@nestjs/common';
import { Metrics } from '../../../common/metrics/metrics';
import { RUN_QUEUE, type RunQueue } from '../domain/run-queue';

/** How a run ended in this worker: requeued when the worker stopped and gave it back to the queue. */
export const RUN_OUTCOMES = ['completed', 'failed', 'cancelled', 'requeued'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/** Discovery runs as this process executes them, and the queue they wait in (docs/metrics.md). */
@Injectable()
export class DiscoveryMetrics {
  private readonly started;
  private readonly finished;
  private readonly hostsFound;
  private readonly duration;

  constructor(metrics: Metrics, @Inject(RUN_QUEUE) queue: RunQueue) {
    this.started = metrics.counter({
      name: 'netatlas_discovery_runs_started_total',
      help: 'Discovery runs this process started executing',
    });
    this.finished = metrics.counter({
      name: 'netatlas_discovery_runs_finished_total',
      help: 'Discovery runs this process stopped executing, by outcome (completed, failed, cancelled, requeued)',
      labelNames: ['status'] as const,
    });
    this.hostsFound = metrics.counter({
      name: 'netatlas_discovery_hosts_found_total',
      help: 'Hosts found by completed discovery runs',
    });
    this.duration = metrics.histogram({
      name: 'netatlas_discovery_run_duration_seconds',
      help: 'Time from a run being taken from the queue to its end, by outcome',
      labelNames: ['status'] as const,
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    });
    for (const status of RUN_OUTCOMES) this.finished.inc({ status }, 0);
    metrics.gauge({
      name: 'netatlas_discovery_queue_depth',
      help: 'Discovery runs queued and not yet taken by a worker (pg-boss), read at scrape time',
      async collect() {
        // An unreachable database leaves the last value rather than failing the whole scrape.
        const depth = await queue.depth().catch(() => undefined);
        if (depth !== undefined) this.set(depth);
      },
    });
  }

  /** Counts a run as started; the returned function records its end (once). */
  runStarted(): (outcome: RunOutcome, hostsFound?: number) => void {
    this.started.inc();
    const stopTimer = this.duration.startTimer();
    return (outcome, hostsFound = 0) => {
      stopTimer({ status: outcome });
      this.finished.inc({ status: outcome });
      this.hostsFound.inc(hostsFound);
    };
  }

  /** A run whose worker died, failed here after its last attempt (its start was counted by that worker). */
  runAbandoned(): void {
    this.finished.inc({ status: 'failed' });
  }
}
