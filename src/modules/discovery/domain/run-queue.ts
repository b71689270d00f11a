import type { RunJob } from './run';

/** The job queue runs travel on (pg-boss over PostgreSQL): enqueued in the caller's transaction. */
export interface RunQueue {
  enqueue(job: RunJob): Promise<void>;
  /** Takes jobs, at most `concurrency` at once, until stop(). */
  consume(concurrency: number, handler: (job: RunJob) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /** Jobs waiting to be taken (metrics); undefined once stopped. */
  depth(): Promise<number | undefined>;
}

export const RUN_QUEUE = Symbol('RUN_QUEUE');
