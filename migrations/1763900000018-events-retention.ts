import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The daily job that prunes the `events` outbox past EVENTS_RETENTION_DAYS (docs/webhooks.md). */
const PRUNE_QUEUE = 'events-prune';

/**
 * The outbox is kept for EVENTS_RETENTION_DAYS. The prune deletes across organizations by age alone, in
 * batches oldest first; an event leaves only once none of its webhook deliveries is pending (the partial
 * index finds those).
 */
export class EventsRetention1763900000018 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX events_age ON events (occurred_at)`);
    await db.query(
      `CREATE INDEX webhook_deliveries_pending_event ON webhook_deliveries (organization_id, event_id)
         WHERE status = 'pending'`,
    );
    // singleton: one prune at a time across instances.
    await db.query(`SELECT pgboss.create_queue($1, $2)`, [PRUNE_QUEUE, JSON.stringify({ policy: 'singleton' })]);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`SELECT pgboss.delete_queue($1)`, [PRUNE_QUEUE]);
    await db.query(`DROP INDEX webhook_deliveries_pending_event`);
    await db.query(`DROP INDEX events_age`);
  }
}
