import { Module } from '@nestjs/common';
import { JobsModule } from '../../common/jobs/jobs.module';
import { CredentialsModule } from '../credentials';
import { DiscoveryModule } from '../discovery';
import { InventoryModule } from '../inventory';
import { EventStreams } from './api/event-streams';
import { EventsController } from './api/events.controller';
import { WebhooksController } from './api/webhooks.controller';
import { DeliveryWorker } from './application/delivery-worker';
import { EventFeedService } from './application/event-feed.service';
import { EventPublisher } from './application/event-publisher';
import { EventRetentionService } from './application/event-retention.service';
import { FollowDiscovery } from './application/follow-discovery';
import { FollowInventory } from './application/follow-inventory';
import { StaleHostCheck } from './application/stale-host-check';
import { WebhooksService } from './application/webhooks.service';
import { CHANGE_FEED } from './domain/change-feed';
import { DELIVERY_QUEUE, DELIVERY_REPOSITORY } from './domain/delivery';
import { DESTINATION_CHECK, WEBHOOK_SENDER } from './domain/destination.port';
import { EVENT_RETENTION_REPOSITORY } from './domain/event-retention';
import { WEBHOOK_REPOSITORY } from './domain/webhook';
import { PgChangeFeed } from './infrastructure/change-feed.repository';
import { PgDeliveryRepository } from './infrastructure/delivery.repository';
import { DnsDestinationCheck } from './infrastructure/dns-destination-check';
import { EventPruneSchedule } from './infrastructure/event-prune-schedule';
import { PgEventRetentionRepository } from './infrastructure/event-retention.repository';
import { HttpWebhookSender } from './infrastructure/http-webhook-sender';
import { PgBossDeliveryQueue } from './infrastructure/pg-boss.delivery-queue';
import { PgWebhookRepository } from './infrastructure/webhook.repository';

/**
 * Events out: the outbox filled from inventory and discovery hooks and kept to its retention, webhooks and
 * their deliveries, the event stream.
 */
@Module({
  imports: [JobsModule, InventoryModule, DiscoveryModule, CredentialsModule],
  controllers: [WebhooksController, EventsController],
  providers: [
    WebhooksService,
    EventPublisher,
    EventFeedService,
    EventStreams,
    FollowInventory,
    FollowDiscovery,
    DeliveryWorker,
    StaleHostCheck,
    EventRetentionService,
    EventPruneSchedule,
    { provide: WEBHOOK_REPOSITORY, useClass: PgWebhookRepository },
    { provide: DELIVERY_REPOSITORY, useClass: PgDeliveryRepository },
    { provide: CHANGE_FEED, useClass: PgChangeFeed },
    { provide: EVENT_RETENTION_REPOSITORY, useClass: PgEventRetentionRepository },
    { provide: DELIVERY_QUEUE, useClass: PgBossDeliveryQueue },
    { provide: DESTINATION_CHECK, useClass: DnsDestinationCheck },
    { provide: WEBHOOK_SENDER, useClass: HttpWebhookSender },
  ],
})
export class WebhooksModule {}
