import { Injectable } from '@nestjs/common';
import { JobQueue } from '../../../common/jobs/job-queue';
import type { RunJob } from '../domain/run';
import type { RunQueue } from '../domain/run-queue';

/** Made by migration 1763900000006. */
const QUEUE_NAME = 'discovery-run';

/** Runs on the process's pg-boss: a run and its job commit together (jobs are sent through Database). */
@Injectable()
export class PgBossRunQueue implements RunQueue {
  private stopped = false;

  constructor(private readonly jobs: JobQueue) {}

  enqueue(job: RunJob) {
    return this.jobs.send(QUEUE_NAME, job);
  }

  consume(concurrency: number, handler: (job: RunJob) => Promise<void>) {
    return this.jobs.work(QUEUE_NAME, concurrency, handler);
  }

  async depth() {
    return this.stopped ? undefined : this.jobs.size(QUEUE_NAME);
  }

  async stop() {
    this.stopped = true;
    await this.jobs.stopWork(QUEUE_NAME);
  }
}
