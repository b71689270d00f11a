import { PgAuditEventRepository } from '../../src/modules/audit/infrastructure/audit-event.repository';
import type { RepositoryCalls } from './repository-calls';

const later = new Date('2100-01-01T00:00:00Z');

/** The audit trail's read side: the list with no filter and with every filter, a page past the end, the prune. */
export const AUDIT: RepositoryCalls[] = [
  {
    file: 'src/modules/audit/infrastructure/audit-event.repository.ts',
    type: PgAuditEventRepository,
    calls: {
      list: (s) => [
        [s.ctx, {}, s.page],
        [
          s.ctx,
          {
            actorType: 'user',
            actorId: s.ctx.userId,
            resourceType: 'host',
            resourceId: s.hostId,
            action: 'update',
            networkId: s.networkId,
            from: new Date(0),
            to: later,
          },
          { limit: 10, offset: 1000 },
        ],
      ],
      prune: () => [[new Date(0)]],
    },
  },
];
