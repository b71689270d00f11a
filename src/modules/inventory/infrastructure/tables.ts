import type { VersionedTable } from '../../../common/database/scd2';

/** Discovery bookkeeping: updated in place on the live row (seeing a host again is not a change). */
export const OBSERVED = ['last_seen_at', 'first_discovery_id', 'last_discovery_id'];

/** The versioned inventory tables: what a change may set, and what history copies as it is. */
export const TABLES = {
  subnets: {
    name: 'subnets',
    data: { cidr: 'cidr', name: 'text', description: 'text' },
    fixed: ['organization_id', 'network_id', 'created_at'],
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
    },
    fixed: ['organization_id', 'network_id', 'created_at', ...OBSERVED],
  },
  host_tags: {
    name: 'host_tags',
    data: {},
    fixed: ['organization_id', 'network_id', 'host_id', 'tag_id', 'created_at'],
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
    fixed: ['organization_id', 'network_id', 'host_id', 'created_at', ...OBSERVED],
  },
  ports: {
    name: 'ports',
    data: { number: 'integer', protocol: 'text', type: 'text' },
    fixed: ['organization_id', 'network_id', 'host_id', 'created_at', ...OBSERVED],
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
    fixed: ['organization_id', 'network_id', 'host_id', 'created_at', ...OBSERVED],
  },
  bindings: {
    name: 'bindings',
    data: {
      ip_address_id: 'uuid',
      port_id: 'uuid',
      type: 'text',
    },
    fixed: ['organization_id', 'network_id', 'host_id', 'service_id', 'created_at', ...OBSERVED],
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
    fixed: ['organization_id', 'network_id', 'host_id', 'created_at', ...OBSERVED],
  },
} satisfies Record<string, VersionedTable>;

export type TableName = keyof typeof TABLES;

/** The columns every new row of a versioned network-level table starts with. */
export const newRowColumns = (organizationId: string, networkId: string, at: Date) => ({
  organization_id: organizationId,
  network_id: networkId,
  created_at: at,
  updated_at: at,
  valid_from: at,
});
