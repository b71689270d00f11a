import { MigrationInterface, QueryRunner } from 'typeorm';

export class Credentials1763900000003 implements MigrationInterface {
  name = 'Credentials1763900000003';

  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE credentials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        credential_type jsonb NOT NULL,
        tags uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, id),
        UNIQUE (organization_id, name)
      )`);
    await db.query(`
      CREATE TABLE credential_networks (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        credential_id uuid NOT NULL,
        network_id uuid NOT NULL,
        PRIMARY KEY (organization_id, credential_id, network_id),
        FOREIGN KEY (organization_id, credential_id) REFERENCES credentials(organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX credential_networks_network_idx ON credential_networks (organization_id, network_id)`);
    await db.query(`
      CREATE TABLE credential_hosts (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        credential_id uuid NOT NULL,
        network_id uuid NOT NULL,
        host_id uuid NOT NULL,
        ip_address_ids uuid[],
        PRIMARY KEY (organization_id, credential_id, host_id),
        FOREIGN KEY (organization_id, credential_id) REFERENCES credentials(organization_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id, host_id) REFERENCES hosts(organization_id, network_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX credential_hosts_host_idx ON credential_hosts (organization_id, host_id)`);
  }

  public async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE credential_hosts`);
    await db.query(`DROP TABLE credential_networks`);
    await db.query(`DROP TABLE credentials`);
  }
}
