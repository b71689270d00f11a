import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /api/v1/hosts?search= over the live hosts reads their texts from a narrow table kept beside hosts
 * (docs/performance.md "A narrow table to search"): the trigram index names the matching rows, and reading
 * them from hosts (every column of a host, about 230 bytes a row) was most of a search at 100,000 hosts.
 * Here a row holds only what a search needs: the host's id, organization, network and lowered text (as
 * NetBox keeps its search values in a table of their own). Searches as of an instant still read hosts.
 *
 * Statement-level triggers on hosts keep it: a statement's new live hosts are added, a changed text or
 * network is written again, a closed host is removed; a deleted host's row goes with it (foreign key).
 */
export class LiveHostSearch1763900000022 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE live_host_search (
        host_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        search_text text NOT NULL,
        FOREIGN KEY (organization_id, host_id) REFERENCES hosts(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX live_host_search_text_idx ON live_host_search USING gin (search_text gin_trgm_ops)`);
    // A version copies the live row into a history row born closed (not live: skipped) and updates the
    // live row in place; a deletion closes the live row.
    await db.query(`
      CREATE FUNCTION keep_live_host_search() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO live_host_search (host_id, organization_id, network_id, search_text)
          SELECT n.id, n.organization_id, n.network_id, n.search_text FROM new_hosts n WHERE n.valid_to IS NULL;
        ELSE
          DELETE FROM live_host_search s USING new_hosts n
            WHERE s.organization_id = n.organization_id AND s.host_id = n.id AND n.valid_to IS NOT NULL;
          INSERT INTO live_host_search (host_id, organization_id, network_id, search_text)
          SELECT n.id, n.organization_id, n.network_id, n.search_text
            FROM new_hosts n JOIN old_hosts o ON o.organization_id = n.organization_id AND o.id = n.id
           WHERE n.valid_to IS NULL AND (o.valid_to IS NOT NULL OR o.search_text <> n.search_text
             OR o.network_id <> n.network_id)
          ON CONFLICT (host_id) DO UPDATE SET network_id = EXCLUDED.network_id, search_text = EXCLUDED.search_text;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER hosts_searched_on_insert AFTER INSERT ON hosts
      REFERENCING NEW TABLE AS new_hosts FOR EACH STATEMENT EXECUTE FUNCTION keep_live_host_search()`);
    await db.query(`CREATE TRIGGER hosts_searched_on_update AFTER UPDATE ON hosts
      REFERENCING OLD TABLE AS old_hosts NEW TABLE AS new_hosts FOR EACH STATEMENT EXECUTE FUNCTION keep_live_host_search()`);
    // After the triggers: their lock on hosts holds writers back until this copy is committed with them.
    await db.query(`
      INSERT INTO live_host_search (host_id, organization_id, network_id, search_text)
      SELECT id, organization_id, network_id, search_text FROM hosts WHERE valid_to IS NULL`);
    // Only live searches used it; they read the table above now.
    await db.query(`DROP INDEX hosts_live_search_text_idx`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX hosts_live_search_text_idx ON hosts USING gin (search_text gin_trgm_ops) WHERE valid_to IS NULL`,
    );
    for (const event of ['insert', 'update']) await db.query(`DROP TRIGGER hosts_searched_on_${event} ON hosts`);
    await db.query(`DROP FUNCTION keep_live_host_search()`);
    await db.query(`DROP TABLE live_host_search`);
  }
}
