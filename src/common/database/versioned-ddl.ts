/**
 * DDL of a versioned (SCD2) network-level table, for migrations: what subnets, hosts and dependencies were
 * written with by hand (test/database/versioned-ddl.e2e-spec.ts checks it builds subnets exactly).
 */
export interface VersionedTableDdl {
  name: string;
  /** The table's own columns (and checks), between network_id and the versioning columns. */
  columns: readonly string[];
  /** Partial unique indexes on the live rows, by index suffix: `{ cidr: ['cidr'] }` -> `<name>_live_cidr_idx`. */
  uniqueLive?: Readonly<Record<string, readonly string[]>>;
}

/** The statements creating the table: tenant keys, versioning columns and check, live/history/lineage indexes. */
export function createVersionedTable(table: VersionedTableDdl): string[] {
  const { name } = table;
  const create = `CREATE TABLE ${name} (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
    network_id uuid NOT NULL,
    ${table.columns.join(',\n    ')},
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    valid_from timestamptz NOT NULL DEFAULT now(),
    valid_to timestamptz,
    lineage_id uuid,
    CHECK (valid_to IS NULL OR valid_to >= valid_from),
    UNIQUE (organization_id, network_id, id),
    FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
  )`;
  const unique = Object.entries(table.uniqueLive ?? {}).map(
    ([suffix, columns]) =>
      `CREATE UNIQUE INDEX ${name}_live_${suffix}_idx ON ${name} (organization_id, network_id, ${columns.join(', ')}) WHERE valid_to IS NULL`,
  );
  return [
    create,
    // Live rows and history are indexed apart: tenant reads of live rows never wade through history.
    `CREATE INDEX ${name}_live_idx ON ${name} (organization_id, network_id) WHERE valid_to IS NULL`,
    `CREATE INDEX ${name}_history_idx ON ${name} (organization_id, network_id, valid_from) WHERE lineage_id IS NOT NULL OR valid_to IS NOT NULL`,
    `CREATE INDEX ${name}_lineage_idx ON ${name} (lineage_id) WHERE lineage_id IS NOT NULL`,
    ...unique,
  ];
}
