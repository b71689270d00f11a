import type { LinkProvenance } from './enums';
import type { IdentityField } from './identity/identity';

/** A host as written: defaults applied, every child carrying its id (existing, or new and chosen here). */
export interface HostDraft {
  network_id: string;
  name: string;
  hostname: string;
  description: string;
  hidden: boolean;
  tags: string[];
  virtualization: { type: string; host_id: string; details: Record<string, unknown> } | null;
  source: { type: string };
  /** The identity fields the request named (identity/requested-identity.ts): a value, or null to clear. */
  identity: Partial<Record<IdentityField, string | null>>;
  ip_addresses: IpAddressDraft[];
  ports: PortDraft[];
  services: ServiceDraft[];
  interfaces: InterfaceDraft[];
}

export interface IpAddressDraft {
  id: string;
  subnet_id: string;
  ip_address: string;
  mac_address: string;
  name: string;
  position: number;
}

export interface PortDraft {
  id: string;
  number: number;
  protocol: string;
  type: string;
}

export interface BindingDraft {
  id: string;
  type: string;
  ip_address_id: string | null;
  port_id: string | null;
}

export interface ServiceDraft {
  id: string;
  name: string;
  service_definition: string;
  position: number;
  tags: string[];
  virtualization: HostDraft['virtualization'];
  source: { type: string };
  bindings: BindingDraft[];
}

export interface InterfaceDraft {
  id: string;
  ip_address_id: string | null;
  if_index: number;
  if_name: string;
  if_descr: string;
  if_alias: string;
  if_type: number;
  speed_bps: number;
  admin_status: string;
  oper_status: string;
  mac_address: string;
  cdp_address: string | null;
  cdp_device_id: string | null;
  cdp_platform: string | null;
  cdp_port_id: string | null;
  lldp_chassis_id: string | null;
  lldp_mgmt_addr: string | null;
  lldp_port_desc: string | null;
  lldp_port_id: string | null;
  lldp_sys_desc: string | null;
  lldp_sys_name: string | null;
  neighbor: Neighbor | null;
}

/** The far end of an interface's link, and how the link was learnt (absent when drawn by hand). */
export interface Neighbor {
  host_id: string;
  interface_id: string;
  provenance?: LinkProvenance;
}

export type ChildTable = 'ip_addresses' | 'ports' | 'services' | 'bindings' | 'interfaces';
