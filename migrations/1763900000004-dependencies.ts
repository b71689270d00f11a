import { MigrationInterface, QueryRunner } from 'typeorm';

export class Dependencies1763900000004 implements MigrationInterface {
  name = 'Dependencies1763900000004';

  public async up(db: QueryRunner): Promise<void> {
    // Members are an ordered array in the versioned row: every version keeps its own members in order.
    await db.query(`
      CREATE TABLE dependencies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        name text NOT NULL,
        description text,
        color text NOT NULL,
        dependency_type text NOT NULL CHECK (dependency_type IN ('RequestPath', 'HubAndSpoke')),
        edge_style text NOT NULL CHECK (edge_style IN ('Straight', 'SmoothStep', 'Bezier')),
        member_type text NOT NULL CHECK (member_type IN ('Services', 'Bindings')),
        member_ids uuid[] NOT NULL,
        tags uuid[] NOT NULL DEFAULT '{}',
        source jsonb NOT NULL DEFAULT '{"type": "Manual"}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        valid_from timestamptz NOT NULL DEFAULT now(),
        valid_to timestamptz,
        lineage_id uuid,
        CHECK (valid_to IS NULL OR valid_to >= valid_from),
        UNIQUE (organization_id, network_id, id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(
      `CREATE INDEX dependencies_live_idx ON dependencies (organization_id, network_id, created_at, id) WHERE valid_to IS NULL`,
    );
    await db.query(
      `CREATE INDEX dependencies_members_idx ON dependencies USING gin (member_ids) WHERE valid_to IS NULL`,
    );
    await db.query(`CREATE INDEX dependencies_lineage_idx ON dependencies (lineage_id) WHERE lineage_id IS NOT NULL`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE dependencies`);
  }
}
