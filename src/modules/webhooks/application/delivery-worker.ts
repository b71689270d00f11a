import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { SECRET_SEALER, type SecretSealer } from '../../credentials';
import {
  DELIVERY_QUEUE,
  DELIVERY_REPOSITORY,
  type DeliveryJob,
  type DeliveryQueue,
  type DeliveryRepository,
} from '../domain/delivery';
import { WEBHOOK_SENDER, type SendResult, type WebhookSender } from '../domain/destination.port';
import {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  retryDelayMs,
  SIGNATURE_HEADER,
  signatureHeader,
} from '../domain/signature';
import { WEBHOOK_REPOSITORY, type WebhookRepository } from '../domain/webhook';
import { organizationContext } from './delivery-context';

/**
 * Where WEBHOOK_WORKER is on: takes delivery jobs, posts each signed event once, records the attempt and,
 * when it failed and attempts remain, queues the next one after an exponential backoff.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeliveryWorker.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DELIVERY_QUEUE) private readonly queue: DeliveryQueue,
    @Inject(DELIVERY_REPOSITORY) private readonly deliveries: DeliveryRepository,
    @Inject(WEBHOOK_REPOSITORY) private readonly webhooks: WebhookRepository,
    @Inject(WEBHOOK_SENDER) private readonly sender: WebhookSender,
    @Inject(SECRET_SEALER) private readonly sealer: SecretSealer,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.webhooks.worker) return;
    await this.queue.consume(this.config.webhooks.workerConcurrency, (job) => this.deliver(job));
  }

  async onApplicationShutdown() {
    await this.queue.stop();
  }

  /** One attempt; a job whose attempt is already recorded (a pg-boss retry) or whose webhook is gone does nothing. */
  async deliver(job: DeliveryJob): Promise<void> {
    const ctx = organizationContext(job.organization_id);
    const pending = await this.deliveries.pending(ctx, job.delivery_id);
    if (!pending) return;
    const target = await this.webhooks.target(ctx, pending.webhook_id);
    if (!target) return;
    const body = JSON.stringify(pending.payload);
    const result: SendResult = target.enabled
      ? await this.sender.send(target.url, body, {
          [SIGNATURE_HEADER]: signatureHeader(
            this.sealer.open(target.secret_sealed),
            body,
            Math.floor(Date.now() / 1000),
          ),
          [EVENT_ID_HEADER]: pending.payload.id,
          [EVENT_TYPE_HEADER]: pending.payload.type,
        })
      : { statusCode: null, durationMs: 0, error: 'The webhook is disabled' };
    const failed = result.error !== null;
    const retry = failed && target.enabled && pending.attempt < this.config.webhooks.maxAttempts;
    const nextRetryAt = retry
      ? new Date(Date.now() + retryDelayMs(pending.attempt, this.config.webhooks.retryBaseMs))
      : null;
    if (failed)
      this.logger.warn(
        { delivery_id: job.delivery_id, attempt: pending.attempt, error: result.error },
        'Webhook delivery failed',
      );
    await this.tx.transaction(async () => {
      await this.deliveries.record(ctx, job.delivery_id, {
        status: failed ? 'failed' : 'succeeded',
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        nextRetryAt,
      });
      if (!nextRetryAt) return;
      const nextId = await this.deliveries.addRetry(ctx, job.delivery_id);
      if (nextId) await this.queue.enqueue([{ organization_id: ctx.organizationId, delivery_id: nextId }], nextRetryAt);
    });
  }
}
