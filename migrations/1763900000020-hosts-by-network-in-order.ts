import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /api/v1/hosts?group_by=network_id (what the UI groups by) in the default order: the page is every
 * host ordered by network, then created_at and the stable id. The live index on (organization_id,
 * network_id) gave the networks in order but sorted the whole first network (an incremental sort of 10,000
 * hosts at 100k); this one gives the page's own order and still serves every lookup by network (its
 * prefix), so it replaces that one: hosts keep as many indexes.
 */
export class HostsByNetworkInOrder1763900000020 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX hosts_live_by_network_idx ON hosts (organization_id, network_id, created_at, (COALESCE(lineage_id, id)))
         WHERE valid_to IS NULL`,
    );
    await db.query(`DROP INDEX hosts_live_idx`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX hosts_live_idx ON hosts (organization_id, network_id) WHERE valid_to IS NULL`);
    await db.query(`DROP INDEX hosts_live_by_network_idx`);
  }
}
