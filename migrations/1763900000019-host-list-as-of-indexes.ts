import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /api/v1/hosts?at= (docs/performance.md "The list as of an instant"). The page in its default order
 * walks every version in created_at order (the live index holds no history) and stops after offset + limit
 * valid rows, where it sorted every version. The total is the live count kept per network, less the live
 * rows changed since the instant, plus the closed rows that were valid at it: two short index ranges for
 * a recent instant, where it counted every version.
 */
export class HostListAsOfIndexes1763900000019 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX hosts_by_created_at_idx ON hosts (organization_id, created_at, (COALESCE(lineage_id, id)))`,
    );
    await db.query(
      `CREATE INDEX hosts_live_valid_from_idx ON hosts (organization_id, valid_from) WHERE valid_to IS NULL`,
    );
    await db.query(`CREATE INDEX hosts_closed_idx ON hosts (organization_id, valid_to) WHERE valid_to IS NOT NULL`);
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const index of ['hosts_by_created_at_idx', 'hosts_live_valid_from_idx', 'hosts_closed_idx'])
      await db.query(`DROP INDEX ${index}`);
  }
}
