import { type ReadableTable, VERSIONED_FIXED, type VersionedTable } from '../../../common/database/versioned';

/** Discovery bookkeeping: updated in place on the live row (seeing a host again is not a change). */
export const OBSERVED = { last_seen_at: 'timestamptz', first_discovery_id: 'uuid', last_discovery_id: 'uuid' } as const;
const OF_HOST = { ...VERSIONED_FIXED, host_id: 'uuid' } as const;

/** A record nobody observed yet was last seen when it was created: last_seen_at is never null. */
export const lastSeen = (alias: string) => `COALESCE(${alias}.last_seen_at, ${alias}.created_at)`;

/** A host's identity columns (alias `h`): domain/identity/identity.ts IdentityColumns. */
export const IDENTITY_COLUMNS = (h: string) =>
  ['device_type', 'vendor', 'model', 'os', 'location', 'identity_sources'].map((c) => `${h}.${c}`).join(', ');

/** The versioned inventory tables: what a change may set, and what history copies as it is. */
export const TABLES = {
  subnets: {
    name: 'subnets',
    data: { cidr: 'cidr', name: 'text', description: 'text' },
    fixed: VERSIONED_FIXED,
    alias: 's',
    columns: `s.organization_id, s.network_id, s.cidr::text AS cidr, s.name, s.description,
      s.created_at, s.updated_at, s.valid_from, s.valid_to, s.lineage_id`,
  },
  hosts: {
    name: 'hosts',
    data: {
      name: 'text',
      hostname: 'text',
      description: 'text',
      hidden: 'boolean',
      source: 'jsonb',
      virtualization: 'jsonb',
      device_type: 'text',
      vendor: 'text',
      model: 'text',
      os: 'text',
      location: 'text',
      identity_sources: 'jsonb',
    },
    fixed: { ...VERSIONED_FIXED, ...OBSERVED },
    alias: 'h',
    // The columns of a host version (/hosts/{id}/history): its own fields, no children.
    columns: `h.lineage_id, h.network_id, h.name, h.hostname, h.description, h.hidden, h.source, h.virtualization,
      h.device_type, h.vendor, h.model, h.os, h.location, h.identity_sources,
      h.created_at, h.updated_at, ${lastSeen('h')} AS last_seen_at, h.valid_from, h.valid_to, h.first_discovery_id, h.last_discovery_id`,
  },
  host_tags: {
    name: 'host_tags',
    data: {},
    fixed: { ...OF_HOST, tag_id: 'uuid' },
  },
  ip_addresses: {
    name: 'ip_addresses',
    data: {
      subnet_id: 'uuid',
      ip_address: 'inet',
      mac_address: 'text',
      name: 'text',
      position: 'integer',
    },
    fixed: { ...OF_HOST, ...OBSERVED },
  },
  ports: {
    name: 'ports',
    data: { number: 'integer', protocol: 'text', type: 'text' },
    fixed: { ...OF_HOST, ...OBSERVED },
  },
  services: {
    name: 'services',
    data: {
      name: 'text',
      position: 'integer',
      service_definition: 'text',
      source: 'jsonb',
      tags: 'uuid[]',
      virtualization: 'jsonb',
    },
    fixed: { ...OF_HOST, ...OBSERVED },
  },
  bindings: {
    name: 'bindings',
    data: {
      ip_address_id: 'uuid',
      port_id: 'uuid',
      type: 'text',
    },
    fixed: { ...OF_HOST, service_id: 'uuid', ...OBSERVED },
  },
  interfaces: {
    name: 'interfaces',
    data: {
      ip_address_id: 'uuid',
      if_index: 'integer',
      if_name: 'text',
      if_descr: 'text',
      if_alias: 'text',
      if_type: 'integer',
      speed_bps: 'bigint',
      admin_status: 'text',
      oper_status: 'text',
      mac_address: 'text',
      cdp_address: 'text',
      cdp_device_id: 'text',
      cdp_platform: 'text',
      cdp_port_id: 'text',
      lldp_chassis_id: 'text',
      lldp_mgmt_addr: 'text',
      lldp_port_desc: 'text',
      lldp_port_id: 'text',
      lldp_sys_desc: 'text',
      lldp_sys_name: 'text',
      neighbor: 'jsonb',
    },
    fixed: { ...OF_HOST, ...OBSERVED },
  },
} satisfies Record<string, VersionedTable | ReadableTable>;
