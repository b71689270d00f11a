import { MigrationInterface, QueryRunner } from 'typeorm';

export class SingleSignOn1763900000013 implements MigrationInterface {
  name = 'SingleSignOn1763900000013';

  public async up(db: QueryRunner): Promise<void> {
    // One row per organization that has set single sign-on up; no row: the defaults (password sign-in on).
    await db.query(`
      CREATE TABLE organization_sso_settings (
        organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        create_users boolean NOT NULL DEFAULT false,
        default_role text NOT NULL DEFAULT 'Viewer' CHECK (default_role IN ('Admin', 'Member', 'Viewer')),
        role_claim text,
        role_mappings jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(role_mappings) = 'array'),
        password_sign_in boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A domain belongs to at most one organization: its users sign in there and nowhere else.
    await db.query(`
      CREATE TABLE organization_email_domains (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        domain text NOT NULL CHECK (domain = lower(domain)),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, domain),
        CONSTRAINT organization_email_domains_domain_key UNIQUE (domain)
      )`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE organization_email_domains`);
    await db.query(`DROP TABLE organization_sso_settings`);
  }
}
