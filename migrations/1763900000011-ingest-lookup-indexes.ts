import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ingest reads only the live rows a batch can match (docs/inventory.md "Observations", docs/performance.md
 * "Ingest"): hosts found by an interface's MAC or by short name, and the interfaces whose neighbour is one
 * of theirs. ip_addresses already had its address and MAC indexes. The short-name expression is the one
 * PgObservationStore.snapshot writes (names of ASCII only; the others are indexed apart).
 */
const SHORT_NAME = (column: string) => `lower(split_part(btrim(${column}, E' \\t\\n\\r\\f\\x0b'), '.', 1) COLLATE "C")`;

export class IngestLookupIndexes1763900000011 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX interfaces_live_mac_idx ON interfaces (organization_id, network_id, mac_address) WHERE valid_to IS NULL AND mac_address <> ''`,
    );
    await db.query(
      `CREATE INDEX interfaces_live_neighbor_idx ON interfaces (organization_id, ((neighbor->>'interface_id'))) WHERE valid_to IS NULL AND neighbor IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX hosts_live_short_name_idx ON hosts (organization_id, network_id, (${SHORT_NAME('name')})) WHERE valid_to IS NULL`,
    );
    await db.query(
      `CREATE INDEX hosts_live_short_hostname_idx ON hosts (organization_id, network_id, (${SHORT_NAME('hostname')})) WHERE valid_to IS NULL`,
    );
    await db.query(
      `CREATE INDEX hosts_live_non_ascii_idx ON hosts (organization_id, network_id) WHERE valid_to IS NULL AND (octet_length(name) <> char_length(name) OR octet_length(hostname) <> char_length(hostname))`,
    );
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const index of [
      'hosts_live_non_ascii_idx',
      'hosts_live_short_hostname_idx',
      'hosts_live_short_name_idx',
      'interfaces_live_neighbor_idx',
      'interfaces_live_mac_idx',
    ])
      await db.query(`DROP INDEX ${index}`);
  }
}
