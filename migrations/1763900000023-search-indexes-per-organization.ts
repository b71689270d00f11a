import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The trigram indexes of a host search, with the table's partial predicate and the text they index. */
const SEARCH_INDEXES = [
  { name: 'live_host_search_text_idx', table: 'live_host_search', text: 'search_text', where: '' },
  { name: 'services_live_name_idx', table: 'services', text: 'name', where: 'WHERE valid_to IS NULL' },
  {
    name: 'ip_addresses_live_text_idx',
    table: 'ip_addresses',
    text: '(host(ip_address))',
    where: 'WHERE valid_to IS NULL',
  },
];

/**
 * A search's trigram indexes held the text alone: every search found every organization's candidates in
 * them and dropped the other organizations' rows on the heap, so a small organization's search cost what
 * the matches of all tenants together cost (docs/performance.md "Searched pages"). With the organization
 * as the indexes' first column (btree_gin gives uuid a GIN operator class), the index scan keeps to the
 * caller's organization.
 */
export class SearchIndexesPerOrganization1763900000023 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    for (const index of SEARCH_INDEXES) {
      await db.query(`DROP INDEX ${index.name}`);
      await db.query(
        `CREATE INDEX ${index.name} ON ${index.table} USING gin (organization_id, ${index.text} gin_trgm_ops) ${index.where}`,
      );
    }
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const index of SEARCH_INDEXES) {
      await db.query(`DROP INDEX ${index.name}`);
      await db.query(
        `CREATE INDEX ${index.name} ON ${index.table} USING gin (${index.text} gin_trgm_ops) ${index.where}`,
      );
    }
    await db.query(`DROP EXTENSION btree_gin`);
  }
}
