import { Injectable } from '@nestjs/common';
import { Database } from '../../../common/database/database';
import type { EventRetentionRepository } from '../domain/event-retention';

@Injectable()
export class PgEventRetentionRepository implements EventRetentionRepository {
  constructor(private readonly db: Database) {}

  /** Through events_age, oldest first; the pending check through webhook_deliveries_pending_event. */
  pruneBatch(before: Date, limit: number) {
    return this.db.execute(
      `DELETE FROM events WHERE seq IN (
         SELECT e.seq FROM events e
         WHERE e.occurred_at < $1
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
             WHERE d.organization_id = e.organization_id AND d.event_id = e.id AND d.status = 'pending')
         ORDER BY e.occurred_at LIMIT $2)`,
      [before, limit],
    );
  }
}
