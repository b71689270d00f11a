import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { AppError, notFound } from '../../../common/errors/app-error';
import { type PageRequest, toPage } from '../../../common/http/pagination';
import { SECRET_SEALER, type SecretSealer } from '../../credentials';
import { DELIVERY_QUEUE, DELIVERY_REPOSITORY, type DeliveryQueue, type DeliveryRepository } from '../domain/delivery';
import { DESTINATION_CHECK, type DestinationCheck } from '../domain/destination.port';
import { urlFormProblem } from '../domain/destination-policy';
import type { OutboundEvent } from '../domain/event';
import { newWebhookSecret } from '../domain/signature';
import { type Webhook, type WebhookFields, WEBHOOK_REPOSITORY, type WebhookRepository } from '../domain/webhook';

/** The organization's webhooks: the secret is in the create and rotate answers only, sealed at rest. */
@Injectable()
export class WebhooksService {
  constructor(
    @Inject(WEBHOOK_REPOSITORY) private readonly webhooks: WebhookRepository,
    @Inject(DELIVERY_REPOSITORY) private readonly deliveryLog: DeliveryRepository,
    @Inject(DELIVERY_QUEUE) private readonly queue: DeliveryQueue,
    @Inject(DESTINATION_CHECK) private readonly destinations: DestinationCheck,
    @Inject(SECRET_SEALER) private readonly sealer: SecretSealer,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async list(ctx: TenantContext, page: PageRequest) {
    const { items, total } = await this.webhooks.list(ctx, page);
    return toPage(items, total, page);
  }

  get(ctx: TenantContext, id: string): Promise<Webhook> {
    return this.require(ctx, id);
  }

  async create(ctx: TenantContext, fields: WebhookFields) {
    await this.requireDeliverable(fields.url);
    const secret = newWebhookSecret();
    const webhook = await this.tx.transaction(async () => {
      const created = await this.webhooks.create(ctx, fields, this.sealer.seal(secret));
      await this.audit.record(ctx, { ...change(created.id, 'create'), after: created });
      return created;
    });
    return { ...webhook, secret };
  }

  async update(ctx: TenantContext, id: string, fields: WebhookFields) {
    await this.require(ctx, id);
    await this.requireDeliverable(fields.url);
    return this.tx.transaction(async () => {
      const before = await this.webhooks.find(ctx, id);
      const webhook = await this.webhooks.update(ctx, id, fields);
      if (!webhook) throw notFound('webhook', id);
      await this.audit.record(ctx, { ...change(id, 'update'), before, after: webhook });
      return webhook;
    });
  }

  /** A new secret; the old one stops signing at once. */
  async rotate(ctx: TenantContext, id: string) {
    const secret = newWebhookSecret();
    const webhook = await this.tx.transaction(async () => {
      const rotated = await this.webhooks.replaceSecret(ctx, id, this.sealer.seal(secret));
      if (!rotated) throw notFound('webhook', id);
      // The new secret shows as a changed field, redacted.
      await this.audit.record(ctx, { ...change(id, 'rotate'), after: { secret: true } });
      return rotated;
    });
    return { ...webhook, secret };
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const before = await this.webhooks.find(ctx, id);
      if (!before || !(await this.webhooks.delete(ctx, id))) throw notFound('webhook', id);
      await this.audit.record(ctx, { ...change(id, 'delete'), before });
    });
  }

  async deliveries(ctx: TenantContext, id: string, page: PageRequest) {
    await this.require(ctx, id);
    const { items, total } = await this.deliveryLog.list(ctx, id, page);
    return toPage(items, total, page);
  }

  /** A `webhook.test` event to this webhook alone, delivered (and logged) like any other. */
  async sendTest(ctx: TenantContext, id: string) {
    await this.require(ctx, id);
    const event: OutboundEvent = {
      id: randomUUID(),
      type: 'webhook.test',
      occurred_at: new Date().toISOString(),
      organization_id: ctx.organizationId,
      network_id: null,
      data: { webhook_id: id, message: 'A test event from Netatlas' },
    };
    const deliveryId = await this.tx.transaction(async () => {
      const deliveryId = await this.deliveryLog.addFirst(ctx, id, event);
      if (!deliveryId) throw notFound('webhook', id);
      await this.queue.enqueue([{ organization_id: ctx.organizationId, delivery_id: deliveryId }]);
      return deliveryId;
    });
    return { event, delivery_id: deliveryId };
  }

  private async require(ctx: TenantContext, id: string): Promise<Webhook> {
    const webhook = await this.webhooks.find(ctx, id);
    if (!webhook) throw notFound('webhook', id);
    return webhook;
  }

  /** The URL's form, then every address its host stands for (docs/webhooks.md "Where deliveries may go"). */
  private async requireDeliverable(url: string): Promise<void> {
    const parsed = new URL(url);
    const problem = urlFormProblem(parsed);
    const checked = problem ? { refused: problem } : await this.destinations.resolve(parsed.hostname);
    if ('refused' in checked)
      throw new AppError('webhook_url_not_allowed', `Deliveries cannot go to ${url}: ${checked.refused}`, { url });
  }
}

const change = (id: string, action: string) => ({ resourceType: 'webhook', resourceId: id, action, networkId: null });
