import { MigrationInterface, QueryRunner } from 'typeorm';

export class TenancyAndAuth1763900000001 implements MigrationInterface {
  name = 'TenancyAndAuth1763900000001';

  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE organizations
        ADD COLUMN referral_source text,
        ADD COLUMN referral_source_other text,
        ADD COLUMN company_size text`);

    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        email citext NOT NULL UNIQUE,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('Owner', 'Admin', 'Member', 'Viewer')),
        password_hash text NOT NULL,
        job_title text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id)
      )`);
    await db.query(`CREATE INDEX users_organization_idx ON users (organization_id, created_at, id)`);

    await db.query(`
      CREATE TABLE tags (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        color text NOT NULL DEFAULT 'Gray',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, name)
      )`);

    await db.query(`
      CREATE TABLE networks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        stale_after_hours integer CHECK (stale_after_hours BETWEEN 1 AND 87600),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, name)
      )`);
    await db.query(`CREATE INDEX networks_organization_idx ON networks (organization_id, created_at, id)`);

    await db.query(`
      CREATE TABLE network_tags (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        tag_id uuid NOT NULL,
        PRIMARY KEY (organization_id, network_id, tag_id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, tag_id) REFERENCES tags(organization_id, id) ON DELETE CASCADE
      )`);

    await db.query(`
      CREATE TABLE user_network_access (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        network_id uuid NOT NULL,
        PRIMARY KEY (organization_id, user_id, network_id),
        FOREIGN KEY (organization_id, user_id) REFERENCES users(organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);

    await db.query(`
      CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        FOREIGN KEY (organization_id, user_id) REFERENCES users(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX sessions_user_idx ON sessions (organization_id, user_id)`);

    await db.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        name text NOT NULL,
        key_hash bytea NOT NULL UNIQUE,
        permissions text NOT NULL CHECK (permissions IN ('Admin', 'Member', 'Viewer')),
        network_ids uuid[],
        expires_at timestamptz,
        is_enabled boolean NOT NULL DEFAULT true,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, user_id) REFERENCES users(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX api_keys_user_idx ON api_keys (organization_id, user_id, created_at, id)`);
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const table of ['api_keys', 'sessions', 'user_network_access', 'network_tags', 'networks', 'tags', 'users']) {
      await db.query(`DROP TABLE ${table}`);
    }
    await db.query(
      `ALTER TABLE organizations DROP COLUMN referral_source, DROP COLUMN referral_source_other, DROP COLUMN company_size`,
    );
  }
}
