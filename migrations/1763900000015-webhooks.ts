import type { MigrationInterface, QueryRunner } from 'typeorm';

const QUEUE_SCHEMA = 'pgboss';
const DELIVERY_QUEUE = 'webhook-delivery';

/**
 * Events out (docs/webhooks.md): the `events` outbox written in the transaction of each change, the
 * organization's webhooks (secret sealed like credentials), one row per delivery attempt, and the
 * pg-boss queue deliveries travel on. The app schedules its own retries (a new job per attempt, with
 * backoff); pg-boss's retries only cover a handler that failed before it could record its attempt.
 */
export class Webhooks1763900000015 implements MigrationInterface {
  name = 'Webhooks1763900000015';

  public async up(db: QueryRunner): Promise<void> {
    await db.query(`SELECT ${QUEUE_SCHEMA}.create_queue($1, $2)`, [
      DELIVERY_QUEUE,
      JSON.stringify({
        policy: 'standard',
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 15 * 60,
        retentionMinutes: 24 * 60,
      }),
    ]);
    await db.query(`
      CREATE TABLE events (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
    // The stream reads an organization's events after the last one it sent.
    await db.query(`CREATE INDEX events_stream_idx ON events (organization_id, seq)`);
    await db.query(`
      CREATE TABLE webhooks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
        events text[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        description text NOT NULL DEFAULT '',
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id)
      )`);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        webhook_id uuid NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        payload jsonb NOT NULL,
        attempt integer NOT NULL CHECK (attempt >= 1),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        status_code integer,
        duration_ms integer,
        error text,
        next_retry_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempted_at timestamptz,
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, webhook_id) REFERENCES webhooks(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (organization_id, webhook_id, created_at DESC, attempt DESC)`,
    );
    // host.stale is sent once per host going stale: the periodic check remembers up to when it looked.
    await db.query(`
      CREATE TABLE event_checkpoints (
        name text PRIMARY KEY,
        checked_until timestamptz NOT NULL
      )`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE event_checkpoints`);
    await db.query(`DROP TABLE webhook_deliveries`);
    await db.query(`DROP TABLE webhooks`);
    await db.query(`DROP TABLE events`);
    await db.query(`SELECT ${QUEUE_SCHEMA}.delete_queue($1)`, [DELIVERY_QUEUE]);
  }
}
