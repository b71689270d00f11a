import { MigrationInterface, QueryRunner } from 'typeorm';

/** Columns every versioned (SCD2) table shares; see docs/inventory.md. */
const VERSIONED = `
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  valid_from timestamptz NOT NULL DEFAULT now(),
  valid_to timestamptz,
  lineage_id uuid,
  CHECK (valid_to IS NULL OR valid_to >= valid_from)`;

const OBSERVED = `
  last_seen_at timestamptz,
  first_discovery_id uuid,
  last_discovery_id uuid`;

/** Live rows (valid_to IS NULL, lineage_id IS NULL) and history are indexed apart. */
async function versionedIndexes(db: QueryRunner, table: string, parent: string): Promise<void> {
  await db.query(`CREATE INDEX ${table}_live_idx ON ${table} (organization_id, ${parent}) WHERE valid_to IS NULL`);
  await db.query(
    `CREATE INDEX ${table}_history_idx ON ${table} (organization_id, ${parent}, valid_from) WHERE lineage_id IS NOT NULL OR valid_to IS NOT NULL`,
  );
  await db.query(`CREATE INDEX ${table}_lineage_idx ON ${table} (lineage_id) WHERE lineage_id IS NOT NULL`);
}

export class Inventory1763900000002 implements MigrationInterface {
  name = 'Inventory1763900000002';

  public async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE subnets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        cidr cidr NOT NULL,
        name text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        ${VERSIONED},
        UNIQUE (organization_id, network_id, id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'subnets', 'network_id');
    await db.query(
      `CREATE UNIQUE INDEX subnets_live_cidr_idx ON subnets (organization_id, network_id, cidr) WHERE valid_to IS NULL`,
    );

    await db.query(`
      CREATE TABLE hosts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        name text NOT NULL,
        hostname text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        hidden boolean NOT NULL DEFAULT false,
        source jsonb NOT NULL DEFAULT '{"type": "Manual"}',
        virtualization jsonb,
        ${OBSERVED},
        ${VERSIONED},
        UNIQUE (organization_id, network_id, id),
        UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, network_id) REFERENCES networks(organization_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'hosts', 'network_id');
    await db.query(
      `CREATE INDEX hosts_live_order_idx ON hosts (organization_id, created_at, id) WHERE valid_to IS NULL`,
    );
    await db.query(
      `CREATE INDEX hosts_live_search_idx ON hosts USING gin ((name || ' ' || hostname || ' ' || description) gin_trgm_ops) WHERE valid_to IS NULL`,
    );

    await db.query(`
      CREATE TABLE host_tags (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        host_id uuid NOT NULL,
        tag_id uuid NOT NULL,
        ${VERSIONED},
        FOREIGN KEY (organization_id, network_id, host_id) REFERENCES hosts(organization_id, network_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, tag_id) REFERENCES tags(organization_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'host_tags', 'host_id');
    await db.query(
      `CREATE UNIQUE INDEX host_tags_live_idx_unique ON host_tags (host_id, tag_id) WHERE valid_to IS NULL`,
    );
    await db.query(`CREATE INDEX host_tags_tag_idx ON host_tags (organization_id, tag_id) WHERE valid_to IS NULL`);

    await db.query(`
      CREATE TABLE ip_addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        host_id uuid NOT NULL,
        subnet_id uuid NOT NULL,
        ip_address inet NOT NULL,
        mac_address text NOT NULL DEFAULT '',
        name text NOT NULL DEFAULT '',
        position integer NOT NULL DEFAULT 0,
        ${OBSERVED},
        ${VERSIONED},
        UNIQUE (organization_id, network_id, id),
        FOREIGN KEY (organization_id, network_id, host_id) REFERENCES hosts(organization_id, network_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id, subnet_id) REFERENCES subnets(organization_id, network_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'ip_addresses', 'host_id');
    await db.query(
      `CREATE INDEX ip_addresses_live_ip_idx ON ip_addresses (organization_id, network_id, ip_address) WHERE valid_to IS NULL`,
    );
    await db.query(
      `CREATE INDEX ip_addresses_live_mac_idx ON ip_addresses (organization_id, network_id, mac_address) WHERE valid_to IS NULL AND mac_address <> ''`,
    );

    await db.query(`
      CREATE TABLE ports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        host_id uuid NOT NULL,
        number integer NOT NULL CHECK (number BETWEEN 0 AND 65535),
        protocol text NOT NULL,
        type text NOT NULL,
        ${OBSERVED},
        ${VERSIONED},
        UNIQUE (organization_id, network_id, id),
        FOREIGN KEY (organization_id, network_id, host_id) REFERENCES hosts(organization_id, network_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'ports', 'host_id');

    await db.query(`
      CREATE TABLE services (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        host_id uuid NOT NULL,
        name text NOT NULL,
        position integer NOT NULL DEFAULT 0,
        service_definition text NOT NULL,
        source jsonb NOT NULL DEFAULT '{"type": "Manual"}',
        tags uuid[] NOT NULL DEFAULT '{}',
        virtualization jsonb,
        ${OBSERVED},
        ${VERSIONED},
        UNIQUE (organization_id, network_id, id),
        FOREIGN KEY (organization_id, network_id, host_id) REFERENCES hosts(organization_id, network_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'services', 'host_id');
    await db.query(
      `CREATE INDEX services_live_name_idx ON services USING gin (name gin_trgm_ops) WHERE valid_to IS NULL`,
    );

    await db.query(`
      CREATE TABLE bindings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        host_id uuid NOT NULL,
        service_id uuid NOT NULL,
        ip_address_id uuid,
        port_id uuid,
        type text NOT NULL,
        ${OBSERVED},
        ${VERSIONED},
        UNIQUE (organization_id, network_id, id),
        FOREIGN KEY (organization_id, network_id, host_id) REFERENCES hosts(organization_id, network_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id, service_id) REFERENCES services(organization_id, network_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id, ip_address_id) REFERENCES ip_addresses(organization_id, network_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id, port_id) REFERENCES ports(organization_id, network_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'bindings', 'host_id');

    await db.query(`
      CREATE TABLE interfaces (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        network_id uuid NOT NULL,
        host_id uuid NOT NULL,
        ip_address_id uuid,
        if_index integer NOT NULL DEFAULT 0,
        if_name text NOT NULL DEFAULT '',
        if_descr text NOT NULL DEFAULT '',
        if_alias text NOT NULL DEFAULT '',
        if_type integer NOT NULL DEFAULT 0,
        speed_bps bigint NOT NULL DEFAULT 0,
        admin_status text NOT NULL DEFAULT 'Unknown',
        oper_status text NOT NULL DEFAULT 'Unknown',
        mac_address text NOT NULL DEFAULT '',
        cdp_address text, cdp_device_id text, cdp_platform text, cdp_port_id text,
        lldp_chassis_id text, lldp_mgmt_addr text, lldp_port_desc text, lldp_port_id text, lldp_sys_desc text, lldp_sys_name text,
        neighbor jsonb,
        ${OBSERVED},
        ${VERSIONED},
        UNIQUE (organization_id, network_id, id),
        FOREIGN KEY (organization_id, network_id, host_id) REFERENCES hosts(organization_id, network_id, id) ON DELETE CASCADE,
        FOREIGN KEY (organization_id, network_id, ip_address_id) REFERENCES ip_addresses(organization_id, network_id, id) ON DELETE CASCADE
      )`);
    await versionedIndexes(db, 'interfaces', 'host_id');
  }

  public async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'interfaces',
      'bindings',
      'services',
      'ports',
      'ip_addresses',
      'host_tags',
      'hosts',
      'subnets',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
