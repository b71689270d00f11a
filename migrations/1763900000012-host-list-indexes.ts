import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /api/v1/hosts (docs/performance.md "The host list"). Every order_by gets a live index that gives the
 * rows in the statement's own order, ties on the host's stable id included, so that a page stops after
 * offset + limit rows instead of sorting the whole list: hosts_live_order_idx (created_at, id) had to sort
 * every host of an equal created_at (a whole ingest batch) for the tie on the stable id.
 * interface_ip orders by a subquery and has none. Search finds addresses through a trigram index on their
 * text (`host(ip_address) ILIKE`), as it finds service names (services_live_name_idx) and the host's own
 * text (hosts_live_search_idx).
 */
const ORDER_KEYS = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  last_seen_at: 'COALESCE(last_seen_at, created_at)',
  name: 'name',
  hostname: 'hostname',
  network_id: 'network_id',
  virtualized_by: `(virtualization->>'host_id')`,
};

export class HostListIndexes1763900000012 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    for (const [field, key] of Object.entries(ORDER_KEYS)) {
      await db.query(
        `CREATE INDEX hosts_live_by_${field}_idx ON hosts (organization_id, (${key}), (COALESCE(lineage_id, id))) WHERE valid_to IS NULL`,
      );
    }
    await db.query(
      `CREATE INDEX ip_addresses_live_text_idx ON ip_addresses USING gin ((host(ip_address)) gin_trgm_ops) WHERE valid_to IS NULL`,
    );
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX ip_addresses_live_text_idx`);
    for (const field of Object.keys(ORDER_KEYS)) await db.query(`DROP INDEX hosts_live_by_${field}_idx`);
  }
}
