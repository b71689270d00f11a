import type { RunJob } from './run';

/** The job queue runs travel on (pg-boss over PostgreSQL): enqueued in the caller's transaction. */
export interface RunQueue {
  enqueue(job: RunJob): Promise<void>;
  /** Takes jobs, at most `concurrency` at once, until stop(). */
  consume(concurrency: number, handler: (job: RunJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const RUN_QUEUE = Symbol('RUN_QUEUE');
