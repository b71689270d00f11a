export const PORT_PROTOCOLS = ['Tcp', 'Udp'] as const;
export const BINDING_TYPES = ['Port', 'Interface'] as const;
export const LINK_STATUSES = ['Up', 'Down', 'Testing', 'Unknown'] as const;
export const VIRTUALIZATION_TYPES = ['Vm', 'Container'] as const;
/** How a link between two interfaces was learnt (interface.neighbor.provenance); absent on links drawn by hand. */
export const LINK_PROVENANCES = ['lldp', 'cdp', 'fdb', 'arp'] as const;
export type LinkProvenance = (typeof LINK_PROVENANCES)[number];
/** Where an observed interface learnt a MAC: its bridge forwarding table, or its ARP/ND table. */
export const LEARNED_VIA = ['fdb', 'arp'] as const;
export const SOURCE_TYPES = ['Manual', 'Discovery', 'System'] as const;
export const HOST_ORDER_FIELDS = [
  'created_at',
  'updated_at',
  'last_seen_at',
  'name',
  'hostname',
  'network_id',
  'virtualized_by',
  'interface_ip',
] as const;
export type HostOrderField = (typeof HOST_ORDER_FIELDS)[number];
export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];
