import { Injectable } from '@nestjs/common';
import { JobQueue } from '../../../common/jobs/job-queue';
import type { DeliveryJob, DeliveryQueue } from '../domain/delivery';

/** Made by migration 1763900000015. */
const QUEUE_NAME = 'webhook-delivery';

/** Deliveries on the process's pg-boss: a job commits with the event it delivers. */
@Injectable()
export class PgBossDeliveryQueue implements DeliveryQueue {
  constructor(private readonly jobs: JobQueue) {}

  enqueue(jobs: readonly DeliveryJob[], startAfter?: Date) {
    return this.jobs.insert(QUEUE_NAME, jobs, startAfter);
  }

  consume(concurrency: number, handler: (job: DeliveryJob) => Promise<void>) {
    return this.jobs.work(QUEUE_NAME, concurrency, handler);
  }

  stop() {
    return this.jobs.stopWork(QUEUE_NAME);
  }
}
