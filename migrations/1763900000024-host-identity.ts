import type { MigrationInterface, QueryRunner } from 'typeorm';

const DEVICE_TYPES = [
  'Router',
  'Firewall',
  'Switch',
  'AccessPoint',
  'Server',
  'Hypervisor',
  'VirtualMachine',
  'Container',
  'Workstation',
  'Printer',
  'Phone',
  'Camera',
  'Storage',
  'IoT',
  'Unknown',
];

/**
 * A host's identity (docs/inventory.md "Device identity"): its device type, vendor, model, OS and location,
 * versioned with the host, and where each value came from (identity_sources). The list filters by type
 * within an organization's live hosts.
 */
export class HostIdentity1763900000024 implements MigrationInterface {
  public async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE hosts
      ADD COLUMN device_type text NOT NULL DEFAULT 'Unknown'
        CONSTRAINT hosts_device_type_check CHECK (device_type IN (${DEVICE_TYPES.map((t) => `'${t}'`).join(', ')})),
      ADD COLUMN vendor text,
      ADD COLUMN model text,
      ADD COLUMN os text,
      ADD COLUMN location text,
      ADD COLUMN identity_sources jsonb NOT NULL DEFAULT '{}'`);
    await db.query(
      `CREATE INDEX hosts_live_device_type_idx ON hosts (organization_id, device_type) WHERE valid_to IS NULL`,
    );
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX hosts_live_device_type_idx`);
    await db.query(`ALTER TABLE hosts DROP COLUMN device_type, DROP COLUMN vendor, DROP COLUMN model,
      DROP COLUMN os, DROP COLUMN location, DROP COLUMN identity_sources`);
  }
}
