import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Runs record diagnostics (why a link was drawn or not, which SNMP credential answered) as events. */
export class RunDiagnostics1763900000007 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE discovery_run_events DROP CONSTRAINT discovery_run_events_type_check`);
    await db.query(
      `ALTER TABLE discovery_run_events ADD CONSTRAINT discovery_run_events_type_check
       CHECK (type IN ('progress', 'host_found', 'diagnostic', 'finished'))`,
    );
    await db.query(
      `CREATE INDEX discovery_run_events_diagnostics_idx ON discovery_run_events (organization_id, run_id, id)
       WHERE type = 'diagnostic'`,
    );
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX discovery_run_events_diagnostics_idx`);
    await db.query(`DELETE FROM discovery_run_events WHERE type = 'diagnostic'`);
    await db.query(`ALTER TABLE discovery_run_events DROP CONSTRAINT discovery_run_events_type_check`);
    await db.query(
      `ALTER TABLE discovery_run_events ADD CONSTRAINT discovery_run_events_type_check
       CHECK (type IN ('progress', 'host_found', 'finished'))`,
    );
  }
}
