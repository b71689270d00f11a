import type { TenantContext } from '../../../common/auth/tenant-context';
import type { LEARNED_VIA, LinkProvenance } from './enums';
import type { Neighbor } from './host';
import type { DeviceType, IdentityColumns, IdentityField } from './identity/identity';

export type { LinkProvenance } from './enums';

/** One host as discovery saw it at observed_at. Absent child kinds are left as they are; present ones are complete. */
export interface ObservedHost {
  name?: string;
  hostname?: string;
  /** Only for hosts this observation creates (discovery puts the MAC vendor here). */
  description?: string;
  mac?: string;
  ip_addresses: { ip_address: string; mac_address?: string }[];
  ports?: { number: number; protocol: string; type?: string }[];
  services?: {
    name: string;
    service_definition: string;
    port?: number;
    protocol?: string;
    /** How discovery knew it: stored as the service's source {type: Discovery, metadata}. */
    source_metadata?: ServiceSourceMetadata;
  }[];
  interfaces?: ObservedInterface[];
  /** What a discovery source read off the device (source Discovery); a person's values stay. */
  device_type?: DeviceType | null;
  vendor?: string | null;
  model?: string | null;
  os?: string | null;
  location?: string | null;
  /** Per identity field, what it was read from (`sysObjectID 1.3.6.1.4.1.9.1.2494`). */
  identity_evidence?: Partial<Record<IdentityField, string>>;
  /** A VM or container, and an address of the host it runs on (a live host of the network or of the batch). */
  virtualization?: { type: 'Vm' | 'Container'; host_ip: string };
}

/** What a probe read off the service, and what matched (`Server: nginx/1.25.3`, `port 5432 only`). */
export interface ServiceSourceMetadata {
  product?: string;
  version?: string;
  evidence: string;
}

export interface ObservedInterface {
  if_index?: number;
  if_name?: string;
  if_descr?: string;
  if_alias?: string;
  if_type?: number;
  speed_bps?: number;
  admin_status?: string;
  oper_status?: string;
  mac_address?: string;
  ip_address?: string;
  lldp_chassis_id?: string | null;
  lldp_mgmt_addr?: string | null;
  lldp_port_desc?: string | null;
  lldp_port_id?: string | null;
  lldp_sys_desc?: string | null;
  lldp_sys_name?: string | null;
  cdp_address?: string | null;
  cdp_device_id?: string | null;
  cdp_platform?: string | null;
  cdp_port_id?: string | null;
  /** Observation only, not stored: what the LLDP/CDP neighbour says it is (Bridge, Router, Station, ...). */
  neighbor_capabilities?: string[];
  /** Observation only, not stored: MACs this port's bridge learnt (fdb) and this interface's ARP/ND entries (arp). */
  learned?: LearnedAddress[];
}

/** Why a link was drawn, or not: a line a person can read, about one host. */
export interface LinkDiagnostic {
  host_id: string;
  topic: LinkProvenance;
  message: string;
}

export interface LearnedAddress {
  mac_address: string;
  ip_address?: string;
  via: (typeof LEARNED_VIA)[number];
}

type Row = { id: string } & Record<string, unknown>;

/**
 * What a batch can look live hosts up by (normalized as the plan compares them): MACs, IP addresses and
 * short names (`shortName` in links/neighbor-index.ts). See links/lookup-keys.ts.
 */
export interface LookupKeys {
  macs: string[];
  ips: string[];
  names: string[];
}

/**
 * The live state of one network that ingest matches against: the network's subnets, and the live hosts
 * a batch's lookup keys find, each with all its live children, plus the live interfaces whose neighbour
 * is one of theirs. What the plan cannot look up it never needs.
 */
export interface NetworkSnapshot {
  subnets: { id: string; cidr: string }[];
  hosts: (Row &
    Partial<IdentityColumns> & {
      name: string;
      hostname: string;
      virtualization?: { type: string; host_id?: string } | null;
    })[];
  ip_addresses: (Row & { host_id: string; ip_address: string; mac_address: string })[];
  ports: (Row & { host_id: string; number: number; protocol: string })[];
  services: (Row & { host_id: string; name: string })[];
  bindings: (Row & { host_id: string; service_id: string; port_id: string | null })[];
  interfaces: (Row & {
    host_id: string;
    if_index: number;
    if_name: string;
    if_descr: string;
    if_alias: string;
    mac_address: string;
    neighbor: Neighbor | null;
  })[];
}

export type IngestTable = 'ip_addresses' | 'ports' | 'services' | 'bindings' | 'interfaces';

export interface TableChanges {
  /** New rows with every data column and their parent ids (host_id, service_id). */
  inserts: Row[];
  /** Existing live rows with the data columns they should have now (unchanged ones write nothing). */
  changes: Row[];
  /** Live rows no longer observed. */
  closes: string[];
  /** Every row observed, new or not: its last_seen_at moves. */
  seen: string[];
}

export interface IngestPlan {
  newHosts: Row[];
  hostChanges: Row[];
  seenHosts: string[];
  children: Record<IngestTable, TableChanges>;
  /** Per observed host, in request order: its id and whether it is new. */
  outcome: { id: string; created: boolean }[];
  /** How each L2 link was drawn or why it was not (see link-resolution.ts). */
  diagnostics: LinkDiagnostic[];
}

export interface Sighting {
  observedAt: Date;
  discoveryId: string;
}

/** Set-based persistence for ingest: a fixed number of reads and of writes per table, whatever the batch size. */
export interface ObservationStore {
  /** Serialises ingests of one network; returns the write instant, taken after the lock. */
  lockNetwork(ctx: TenantContext, networkId: string): Promise<Date>;
  /** The network's live rows the batch can match (found by `keys`), not the whole network. */
  snapshot(ctx: TenantContext, networkId: string, keys: LookupKeys): Promise<NetworkSnapshot>;
  apply(ctx: TenantContext, networkId: string, plan: IngestPlan, at: Date, sighting: Sighting): Promise<void>;
  /** The discovery run an id names, in whatever organization it is; undefined when it names none. */
  findRun(discoveryId: string): Promise<{ organizationId: string; networkId: string } | undefined>;
}

export const OBSERVATION_STORE = Symbol('OBSERVATION_STORE');

/** Every MAC an observed host shows (its own, its addresses', its interfaces'), normalized, none empty. */
export const observedMacs = (host: ObservedHost, normalize: (mac: string | undefined) => string): string[] =>
  [host.mac, ...host.ip_addresses.map((i) => i.mac_address), ...(host.interfaces ?? []).map((i) => i.mac_address)]
    .map(normalize)
    .filter(Boolean);
