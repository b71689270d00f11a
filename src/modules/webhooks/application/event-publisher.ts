import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { CHANGE_FEED, type ChangeFeed } from '../domain/change-feed';
import { DELIVERY_QUEUE, DELIVERY_REPOSITORY, type DeliveryQueue, type DeliveryRepository } from '../domain/delivery';
import type { NewEvent } from '../domain/event';

/**
 * Records events in the caller's transaction (the outbox the stream reads) and, in the same transaction,
 * a first delivery attempt and its job for each webhook that wants the type: an event leaves only if its
 * change commits, and every committed change has its deliveries queued.
 */
@Injectable()
export class EventPublisher {
  constructor(
    @Inject(CHANGE_FEED) private readonly feed: ChangeFeed,
    @Inject(DELIVERY_REPOSITORY) private readonly deliveries: DeliveryRepository,
    @Inject(DELIVERY_QUEUE) private readonly queue: DeliveryQueue,
  ) {}

  async publish(ctx: TenantContext, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const recorded = await this.feed.record(ctx, events);
    const deliveryIds = await this.deliveries.fanOut(ctx, recorded);
    await this.queue.enqueue(deliveryIds.map((id) => ({ organization_id: ctx.organizationId, delivery_id: id })));
  }
}
