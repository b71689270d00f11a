import type { MigrationInterface, QueryRunner } from 'typeorm';

const CHILD_TABLES = ['ip_addresses', 'ports', 'services', 'bindings', 'interfaces'] as const;

/**
 * A host's children may bring client-chosen ids (docs/inventory.md "Writes"). With a global primary key,
 * an id in use in another organization answered 409 where a fresh one answered 201: an existence oracle
 * across tenants (#17). Child ids are now unique per organization, so another tenant's id is simply free.
 * Every foreign key to these tables was already (organization_id, network_id, id), and every query is
 * scoped by organization_id.
 */
export class ChildIdsPerOrganization1763900000010 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    for (const table of CHILD_TABLES) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
      await db.query(`ALTER TABLE ${table} ADD PRIMARY KEY (organization_id, id)`);
    }
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const table of CHILD_TABLES) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
      await db.query(`ALTER TABLE ${table} ADD PRIMARY KEY (id)`);
    }
  }
}
