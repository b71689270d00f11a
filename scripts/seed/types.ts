import type { DeviceType } from '../../src/modules/inventory/domain/identity/identity';

export { DEVICE_TYPES, type DeviceType } from '../../src/modules/inventory/domain/identity/identity';

/*
 * What the seed profiles generate: plain data shaped like the observations ingest's body
 * (src/modules/inventory/api/dto/observation.dto.ts), device identity included (identity.ts decides
 * whether it is sent).
 */

/** The LLDP capability names the ingest knows (src/modules/discovery/infrastructure/snmp-l2-tables.ts). */
export type LldpCapability =
  'Other' | 'Repeater' | 'Bridge' | 'WlanAccessPoint' | 'Router' | 'Telephone' | 'Docsis' | 'Station';

export interface SeedInterface {
  if_index: number;
  if_name: string;
  if_type: number;
  speed_bps: number;
  admin_status: 'Up';
  oper_status: 'Up';
  mac_address: string;
  ip_address?: string;
  lldp_chassis_id?: string;
  lldp_port_id?: string;
  lldp_sys_name?: string;
  lldp_sys_desc?: string;
  lldp_mgmt_addr?: string;
  neighbor_capabilities?: LldpCapability[];
  learned?: { mac_address: string; via: 'fdb' }[];
}

export interface SeedPort {
  number: number;
  protocol: 'Tcp' | 'Udp';
  type: string;
}

export interface SeedService {
  name: string;
  service_definition: string;
  port: number;
  protocol?: 'Udp';
}

export interface SeedHost {
  name: string;
  hostname: string;
  mac: string;
  /** The sysDescr of hosts that have one. */
  description?: string;
  device_type: DeviceType;
  vendor: string;
  model: string;
  os: string;
  location: string;
  ip_addresses: { ip_address: string; mac_address: string }[];
  ports: SeedPort[];
  services: SeedService[];
  /** Absent on hosts with no physical interface (virtual machines). */
  interfaces?: SeedInterface[];
  /** A virtual machine: an address of the hypervisor it runs on. */
  virtualization?: { type: 'Vm'; host_ip: string };
}

export interface SeedSubnet {
  cidr: string;
  name: string;
}

/** One profile's network: its subnets, and its hosts top-down (every host after the ones it hangs off). */
export interface SeedNetwork {
  subnets: SeedSubnet[];
  hosts: SeedHost[];
}
