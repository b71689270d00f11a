import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { CHANGE_FEED, type ChangeFeed, type StaleHost } from '../domain/change-feed';
import { organizationContext } from './delivery-context';
import { EventPublisher } from './event-publisher';

const CHECKPOINT = 'host.stale';

/**
 * host.stale once for each host whose staleness (last seen + its network's threshold) began since the
 * previous check: a host goes stale with no write, so a periodic check (where WEBHOOK_WORKER is on) finds
 * it. The checkpoint row is locked for the check, so several workers never send one twice.
 */
@Injectable()
export class StaleHostCheck implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(StaleHostCheck.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CHANGE_FEED) private readonly feed: ChangeFeed,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly publisher: EventPublisher,
  ) {}

  onApplicationBootstrap() {
    if (this.config.webhooks.worker) this.scheduleNext();
  }

  /** A check in flight finishes while the database and the queue are still there. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One check at a time: the next is scheduled when the last has ended. */
  private scheduleNext() {
    this.timer = setTimeout(() => {
      this.running = this.check(new Date())
        .catch((error) => this.logger.warn({ err: error }, 'Stale host check failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.scheduleNext();
        });
    }, this.config.webhooks.staleCheckIntervalMs);
  }

  /** The first check only sets the checkpoint: hosts stale before events existed are not announced. */
  async check(now: Date): Promise<void> {
    await this.tx.transaction(async () => {
      const since = await this.feed.checkpoint(CHECKPOINT);
      if (since && since < now) {
        const byOrganization = new Map<string, StaleHost[]>();
        for (const host of await this.feed.becameStale(since, now))
          byOrganization.set(host.organization_id, [...(byOrganization.get(host.organization_id) ?? []), host]);
        for (const [organizationId, hosts] of byOrganization)
          await this.publisher.publish(organizationContext(organizationId), hosts.map(staleEvent));
      }
      await this.feed.moveCheckpoint(CHECKPOINT, now);
    });
  }
}

const staleEvent = (host: StaleHost) => ({
  networkId: host.network_id,
  type: 'host.stale' as const,
  data: {
    host: { id: host.id, network_id: host.network_id, name: host.name },
    last_seen_at: new Date(host.last_seen_at).toISOString(),
    stale_since: new Date(host.stale_since).toISOString(),
  },
});
