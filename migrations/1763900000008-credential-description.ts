import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A credential takes a description (null: none), like networks, subnets and dependencies. */
export class CredentialDescription1763900000008 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE credentials ADD COLUMN description text`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE credentials DROP COLUMN description`);
  }
}
