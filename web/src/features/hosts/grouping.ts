import { formatDateTime } from '../../lib/dates';
import type { Host } from './api';
import type { HostField } from './view-state';

export interface GroupCount {
  value: string | null;
  count: number;
}

/** A run of consecutive rows of one page that share a group value, with that group's total count. */
export interface HostGroup {
  key: string;
  value: string | null;
  /** Hosts in the group over the whole filtered set (not only this page). */
  count: number;
  hosts: Host[];
}

const DATE_FIELDS: HostField[] = ['created_at', 'updated_at', 'last_seen_at'];

const sameValue = (field: HostField, a: string | null, b: string | null) => {
  if (a === null || b === null) return a === b;
  if (DATE_FIELDS.includes(field)) return new Date(a).getTime() === new Date(b).getTime();
  return a === b;
};

/**
 * A host's value for a group_by field, as the API groups it. interface_ip is the host's lowest address,
 * which the server computes in inet order; the client picks whichever of the host's addresses is one of
 * the group values rather than reimplementing that order.
 */
export function groupValueOf(host: Host, field: HostField, counts: readonly GroupCount[] = []): string | null {
  switch (field) {
    case 'virtualized_by':
      return host.virtualization?.host_id ?? null;
    case 'interface_ip': {
      const addresses = host.ip_addresses.map((ip) => ip.ip_address);
      return addresses.find((a) => counts.some((c) => c.value === a)) ?? addresses[0] ?? null;
    }
    default:
      return host[field] ?? null;
  }
}

/** Splits a page (sorted by the group first, as the API does) into groups carrying their total counts. */
export function groupHosts(hosts: readonly Host[], field: HostField, counts: readonly GroupCount[]): HostGroup[] {
  const groups: HostGroup[] = [];
  for (const host of hosts) {
    const value = groupValueOf(host, field, counts);
    const last = groups[groups.length - 1];
    if (last && sameValue(field, last.value, value)) {
      last.hosts.push(host);
      continue;
    }
    const count = counts.find((c) => sameValue(field, c.value, value))?.count ?? 0;
    groups.push({ key: `${groups.length}:${value ?? ''}`, value, count: Math.max(count, 1), hosts: [host] });
  }
  return groups;
}

export interface GroupNames {
  networks?: ReadonlyMap<string, string>;
  hosts?: ReadonlyMap<string, string>;
}

/** What a person reads for a group value: a network's or hypervisor's name, a date, or "No …". */
export function groupLabel(field: HostField, value: string | null, names: GroupNames = {}): string {
  if (value === null || value === '') {
    if (field === 'virtualized_by') return 'Not virtualized';
    if (field === 'interface_ip') return 'No IP address';
    if (field === 'hostname') return 'No hostname';
    return 'No value';
  }
  if (DATE_FIELDS.includes(field)) return formatDateTime(value);
  if (field === 'network_id') return names.networks?.get(value) ?? `Network ${value.slice(0, 8)}`;
  if (field === 'virtualized_by') return names.hosts?.get(value) ?? `Host ${value.slice(0, 8)}`;
  return value;
}
