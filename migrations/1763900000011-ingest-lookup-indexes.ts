import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ingest reads only the live rows a batch can match (docs/inventory.md "Observations", docs/performance.md
 * "Ingest"): hosts found by an interface's MAC or by short name, and the interfaces whose neighbour is one
 * of theirs. ip_addresses already had its address and MAC indexes. SHORT_NAME is the expression
 * PgObservationStore.snapshot writes: a name's short name when the name is ASCII only, else null (such
 * names are read whatever their short name, and the plan compares them itself).
 */
const SHORT_NAME = (column: string) =>
  `(CASE WHEN octet_length(${column}) = char_length(${column}) THEN lower(split_part(btrim(${column}, E' \\t\\n\\r\\f\\x0b'), '.', 1) COLLATE "C") END)`;
export class IngestLookupIndexes1763900000011 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX interfaces_live_mac_idx ON interfaces (organization_id, network_id, mac_address) WHERE valid_to IS NULL AND mac_address <> ''`,
    );
    await db.query(
      `CREATE INDEX interfaces_live_neighbor_idx ON interfaces (organization_id, ((neighbor->>'interface_id'))) WHERE valid_to IS NULL AND neighbor IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX hosts_live_short_name_idx ON hosts (organization_id, network_id, ${SHORT_NAME('name')}) WHERE valid_to IS NULL`,
    );
    await db.query(
      `CREATE INDEX hosts_live_short_hostname_idx ON hosts (organization_id, network_id, ${SHORT_NAME('hostname')}) WHERE valid_to IS NULL`,
    );
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const index of [
      'hosts_live_short_hostname_idx',
      'hosts_live_short_name_idx',
      'interfaces_live_neighbor_idx',
      'interfaces_live_mac_idx',
    ])
      await db.query(`DROP INDEX ${index}`);
  }
}
