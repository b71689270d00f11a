import PgBoss from 'pg-boss';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** pg-boss's own tables live in this schema; the app starts pg-boss with migrate: false. */
const QUEUE_SCHEMA = 'pgboss';
const RUN_QUEUE = 'discovery-run';

export class Discovery1763900000006 implements MigrationInterface {
  name = 'Discovery1763900000006';

  public async up(db: QueryRunner): Promise<void> {
    // The plan wraps itself in BEGIN/COMMIT; it runs inside this migration's transaction instead.
    const plan = PgBoss.getConstructionPlans(QUEUE_SCHEMA).trim();
    await db.query(plan.replace(/^BEGIN;/, '').replace(/COMMIT;$/, ''));
    // Runs whose worker died are rescued by their heartbeat, not by pg-boss; its retries cover a job whose
    // handler failed before it could claim its run (database away), which would otherwise stay queued.
    await db.query(`SELECT ${QUEUE_SCHEMA}.create_queue($1, $2)`, [
      RUN_QUEUE,
      JSON.stringify({
        policy: 'standard',
        retryLimit: 5,
        retryDelay: 10,
        retryBackoff: true,
        expireInSeconds: 12 * 3600,
        retentionMinutes: 7 * 24 * 60,
      }),
    ]);
    await db.query(`
      CREATE TABLE discovery_schedules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        name text NOT NULL,
        cron text NOT NULL,
        targets text[] NOT NULL,
        ports jsonb NOT NULL,
        snmp boolean NOT NULL,
        timeout_ms integer NOT NULL,
        concurrency integer NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        next_run_at timestamptz NOT NULL,
        last_run_id uuid,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, created_by) REFERENCES users(organization_id, id) ON DELETE SET NULL (created_by)
      )`);
    await db.query(
      `CREATE INDEX discovery_schedules_network_idx ON discovery_schedules (organization_id, network_id, created_at, id)`,
    );
    await db.query(`CREATE INDEX discovery_schedules_due_idx ON discovery_schedules (next_run_at) WHERE enabled`);
    await db.query(`
      CREATE TABLE discovery_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        schedule_id uuid,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
        targets text[] NOT NULL,
        ports jsonb NOT NULL,
        snmp boolean NOT NULL,
        timeout_ms integer NOT NULL,
        concurrency integer NOT NULL,
        targets_total integer NOT NULL,
        targets_done integer NOT NULL DEFAULT 0,
        hosts_found integer NOT NULL DEFAULT 0,
        error text,
        attempts integer NOT NULL DEFAULT 0,
        heartbeat_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, schedule_id) REFERENCES discovery_schedules(organization_id, id)
          ON DELETE SET NULL (schedule_id),
        FOREIGN KEY (organization_id, created_by) REFERENCES users(organization_id, id) ON DELETE SET NULL (created_by)
      )`);
    await db.query(
      `CREATE INDEX discovery_runs_network_idx ON discovery_runs (organization_id, network_id, created_at DESC, id)`,
    );
    await db.query(`CREATE INDEX discovery_runs_running_idx ON discovery_runs (heartbeat_at) WHERE status = 'running'`);
    await db.query(`
      CREATE TABLE discovery_run_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        run_id uuid NOT NULL,
        type text NOT NULL CHECK (type IN ('progress', 'host_found', 'finished')),
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (organization_id, run_id) REFERENCES discovery_runs(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX discovery_run_events_run_idx ON discovery_run_events (run_id, id)`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE discovery_run_events`);
    await db.query(`DROP TABLE discovery_runs`);
    await db.query(`DROP TABLE discovery_schedules`);
    await db.query(`DROP SCHEMA ${QUEUE_SCHEMA} CASCADE`);
  }
}
