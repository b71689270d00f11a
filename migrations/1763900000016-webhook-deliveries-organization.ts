import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every table with organization_id references organizations directly (test/tenancy/schema): webhook
 * deliveries reached it only through their webhook.
 */
export class WebhookDeliveriesOrganization1763900000016 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_organization_id_fkey
         FOREIGN KEY (organization_id) REFERENCES organizations(id) ON DELETE CASCADE`,
    );
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_organization_id_fkey`);
  }
}
