import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Made here with the table: the job that prunes audit events past AUDIT_RETENTION_DAYS. */
const PRUNE_QUEUE = 'audit-prune';

/**
 * Who changed what (docs/audit.md): one row per write, inserted in the write's transaction. No foreign key
 * to users, keys or networks: an event outlives what it names. Tenant first in every key and index; the
 * indexes serve the list's filters, each ordered by time as the list is.
 */
export class AuditEvents1763900000014 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE audit_events (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        occurred_at timestamptz NOT NULL,
        actor_type text NOT NULL
          CHECK (actor_type IN ('user', 'api_key', 'discovery_run', 'discovery_schedule', 'share')),
        actor_id uuid,
        user_id uuid,
        request_id uuid,
        client_address inet,
        resource_type text NOT NULL,
        resource_id uuid,
        action text NOT NULL,
        network_id uuid,
        before jsonb,
        after jsonb,
        PRIMARY KEY (organization_id, id)
      )`);
    await db.query(`CREATE INDEX audit_events_time ON audit_events (organization_id, occurred_at DESC, id)`);
    await db.query(
      `CREATE INDEX audit_events_resource ON audit_events (organization_id, resource_type, resource_id, occurred_at DESC)`,
    );
    await db.query(
      `CREATE INDEX audit_events_actor ON audit_events (organization_id, actor_type, actor_id, occurred_at DESC)`,
    );
    await db.query(`CREATE INDEX audit_events_network ON audit_events (organization_id, network_id, occurred_at DESC)`);
    // The retention job deletes across organizations by age alone.
    await db.query(`CREATE INDEX audit_events_age ON audit_events (occurred_at)`);
    await db.query(`SELECT pgboss.create_queue($1, $2)`, [PRUNE_QUEUE, JSON.stringify({ policy: 'singleton' })]);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`SELECT pgboss.delete_queue($1)`, [PRUNE_QUEUE]);
    await db.query(`DROP TABLE audit_events`);
  }
}
