import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live hosts counted per network as they change, so that a page's total_count (and group_by=network_id)
 * costs a few rows instead of a scan of every host (docs/performance.md "Counting live hosts").
 *
 * A network's count is the sum of its rows here. Each statement that changes hosts adds its change (a
 * trigger over the statement's rows) and folds into it the rows no other transaction holds: writers never
 * wait for each other on a counter, and a network keeps about one row.
 */
export class LiveHostCounts1763900000017 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE live_host_counts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        hosts integer NOT NULL,
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX live_host_counts_network_idx ON live_host_counts (organization_id, network_id) INCLUDE (hosts)`,
    );
    // SKIP LOCKED: rows another transaction is folding (or has just added) stay theirs; nothing waits.
    // Nothing is added for a network being deleted (its hosts go with it, by cascade).
    await db.query(`
      CREATE FUNCTION add_live_hosts(org uuid, net uuid, delta integer) RETURNS void LANGUAGE sql AS $$
        WITH folded AS (
          DELETE FROM live_host_counts c WHERE c.id IN (
            SELECT f.id FROM live_host_counts f WHERE f.organization_id = org AND f.network_id = net
            FOR UPDATE SKIP LOCKED)
          RETURNING c.hosts)
        INSERT INTO live_host_counts (organization_id, network_id, hosts)
        SELECT org, net, delta + COALESCE(sum(folded.hosts), 0)::integer FROM folded
        HAVING EXISTS (SELECT 1 FROM networks n WHERE n.organization_id = org AND n.id = net)
      $$`);
    // A live host is a row with valid_to IS NULL: a version closes its row (UPDATE) and adds history rows
    // that are born closed; a deletion closes the row; cascades delete rows.
    await db.query(`
      CREATE FUNCTION count_live_hosts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM add_live_hosts(n.organization_id, n.network_id, count(*)::integer)
            FROM new_hosts n WHERE n.valid_to IS NULL GROUP BY n.organization_id, n.network_id;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM add_live_hosts(o.organization_id, o.network_id, -count(*)::integer)
            FROM old_hosts o WHERE o.valid_to IS NULL GROUP BY o.organization_id, o.network_id;
        ELSE
          PERFORM add_live_hosts(d.organization_id, d.network_id, sum(d.delta)::integer)
            FROM (SELECT n.organization_id, n.network_id, 1 AS delta FROM new_hosts n WHERE n.valid_to IS NULL
                  UNION ALL
                  SELECT o.organization_id, o.network_id, -1 FROM old_hosts o WHERE o.valid_to IS NULL) d
            GROUP BY d.organization_id, d.network_id HAVING sum(d.delta) <> 0;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(`CREATE TRIGGER hosts_counted_on_insert AFTER INSERT ON hosts
      REFERENCING NEW TABLE AS new_hosts FOR EACH STATEMENT EXECUTE FUNCTION count_live_hosts()`);
    await db.query(`CREATE TRIGGER hosts_counted_on_update AFTER UPDATE ON hosts
      REFERENCING OLD TABLE AS old_hosts NEW TABLE AS new_hosts FOR EACH STATEMENT EXECUTE FUNCTION count_live_hosts()`);
    await db.query(`CREATE TRIGGER hosts_counted_on_delete AFTER DELETE ON hosts
      REFERENCING OLD TABLE AS old_hosts FOR EACH STATEMENT EXECUTE FUNCTION count_live_hosts()`);
    // After the triggers: their lock on hosts holds writers back until this count is committed with them.
    await db.query(`
      INSERT INTO live_host_counts (organization_id, network_id, hosts)
      SELECT organization_id, network_id, count(*) FROM hosts WHERE valid_to IS NULL GROUP BY 1, 2`);
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      await db.query(`DROP TRIGGER hosts_counted_on_${event} ON hosts`);
    await db.query(`DROP FUNCTION count_live_hosts()`);
    await db.query(`DROP FUNCTION add_live_hosts(uuid, uuid, integer)`);
    await db.query(`DROP TABLE live_host_counts`);
  }
}
