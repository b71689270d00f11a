import { PgChangeFeed } from '../../src/modules/webhooks/infrastructure/change-feed.repository';
import { PgDeliveryRepository } from '../../src/modules/webhooks/infrastructure/delivery.repository';
import { PgEventRetentionRepository } from '../../src/modules/webhooks/infrastructure/event-retention.repository';
import { PgWebhookRepository } from '../../src/modules/webhooks/infrastructure/webhook.repository';
import type { RepositoryCalls } from './repository-calls';
import type { Seed } from './seed';

const at = new Date('2100-01-01T00:00:00Z');
const fields = {
  url: 'https://93.184.215.14/hooks',
  events: ['host.created' as const],
  enabled: true,
  description: '',
};
const event = (s: Seed) => ({
  id: s.missing,
  type: 'host.created' as const,
  occurred_at: at.toISOString(),
  organization_id: s.ctx.organizationId,
  network_id: s.networkId,
  data: { host: { id: s.hostId } },
});
const attempt = { status: 'failed' as const, statusCode: 500, durationMs: 12, error: 'HTTP 500', nextRetryAt: at };

export const WEBHOOKS: RepositoryCalls[] = [
  {
    file: 'src/modules/webhooks/infrastructure/webhook.repository.ts',
    type: PgWebhookRepository,
    calls: {
      list: (s) => [[s.ctx, s.page]],
      find: (s) => [[s.ctx, s.missing]],
      create: (s) => [[s.ctx, fields, 'sealed']],
      update: (s) => [[s.ctx, s.missing, fields]],
      replaceSecret: (s) => [[s.ctx, s.missing, 'sealed']],
      delete: (s) => [[s.ctx, s.missing]],
      target: (s) => [[s.ctx, s.missing]],
    },
  },
  {
    file: 'src/modules/webhooks/infrastructure/delivery.repository.ts',
    type: PgDeliveryRepository,
    calls: {
      fanOut: (s) => [[s.ctx, [event(s)]]],
      addFirst: (s) => [[s.ctx, s.missing, event(s)]],
      addRetry: (s) => [[s.ctx, s.missing]],
      pending: (s) => [[s.ctx, s.missing]],
      record: (s) => [[s.ctx, s.missing, attempt]],
      list: (s) => [[s.ctx, s.missing, s.page]],
    },
  },
  {
    file: 'src/modules/webhooks/infrastructure/change-feed.repository.ts',
    type: PgChangeFeed,
    calls: {
      record: (s) => [[s.ctx, [{ networkId: s.networkId, type: 'host.created', data: { host: { id: s.hostId } } }]]],
      after: (s) => [[s.ctx, '0', 200]],
      latestSeq: (s) => [[s.ctx]],
      hostWrites: (s) => [[s.ctx, s.networkId, at, [s.hostId]]],
      interfaceWrites: (s) => [[s.ctx, at, [s.hostId]]],
      becameStale: () => [[at, at]],
      checkpoint: () => [['host.stale']],
      moveCheckpoint: () => [['host.stale', at]],
    },
  },
  {
    file: 'src/modules/webhooks/infrastructure/event-retention.repository.ts',
    type: PgEventRetentionRepository,
    calls: { pruneBatch: () => [[at, 1000]] },
  },
];
