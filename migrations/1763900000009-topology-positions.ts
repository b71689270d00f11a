import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where people placed the nodes of a topology view, per network and view. Node ids are the entities' live
 * ids (stable across versions) or group node ids, so positions survive rescans. Not versioned: a layout is
 * a preference, not inventory.
 */
export class TopologyPositions1763900000009 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE topology_positions (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        view text NOT NULL CHECK (view IN ('L2Physical', 'L3Logical', 'Workloads', 'Application')),
        node_id text NOT NULL CHECK (char_length(node_id) BETWEEN 1 AND 255),
        -- Finite only: NaN sorts above 'Infinity' in PostgreSQL, so these refuse it as well.
        x double precision NOT NULL CHECK (x > '-Infinity' AND x < 'Infinity'),
        y double precision NOT NULL CHECK (y > '-Infinity' AND y < 'Infinity'),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Tenant first, like every index that serves tenant queries.
        PRIMARY KEY (organization_id, network_id, view, node_id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE topology_positions`);
  }
}
