import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763900000000 implements MigrationInterface {
  name = 'Foundation1763900000000';

  public async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS citext`);
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await db.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
        onboarding text[] NOT NULL DEFAULT '{}',
        use_case text,
        plan_type text NOT NULL DEFAULT 'Community',
        plan_status text NOT NULL DEFAULT 'active',
        last_downgrade_from_plan text,
        last_downgrade_at timestamptz,
        has_payment_method boolean NOT NULL DEFAULT false,
        discount_save_offer_active_until timestamptz,
        discount_save_offer_percent_off numeric,
        last_discount_at timestamptz,
        last_paused_at timestamptz,
        next_renewal_at timestamptz,
        trial_end_date timestamptz,
        trial_extended_used boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE organizations`);
  }
}
