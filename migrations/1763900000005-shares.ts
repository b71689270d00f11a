import { MigrationInterface, QueryRunner } from 'typeorm';

export class Shares1763900000005 implements MigrationInterface {
  name = 'Shares1763900000005';

  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE shares (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        name text NOT NULL,
        is_enabled boolean NOT NULL DEFAULT true,
        expires_at timestamptz,
        allowed_domains text[],
        password_hash text,
        enabled_views text[] NOT NULL,
        options jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX shares_network_idx ON shares (organization_id, network_id, created_at, id)`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE shares`);
  }
}
