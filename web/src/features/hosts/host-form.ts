import type { components } from '../../../../client/schema';
import type { Host } from './api';

type HostBody = components['schemas']['HostBodyDto'];

export interface AddressRow {
  subnet_id: string;
  ip_address: string;
  mac_address: string;
}

/** What the host form edits; children other than new addresses stay as the API has them. */
export interface HostFormValues {
  network_id: string;
  name: string;
  hostname: string;
  description: string;
  tag_ids: string[];
  /** Only when creating: the host's first addresses. */
  addresses: AddressRow[];
}

export const emptyAddress = (subnetId = ''): AddressRow => ({ subnet_id: subnetId, ip_address: '', mac_address: '' });

export function formValuesOf(host: Host): HostFormValues {
  return {
    network_id: host.network_id,
    name: host.name,
    hostname: host.hostname ?? '',
    description: host.description ?? '',
    tag_ids: [...host.tags],
    addresses: [],
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** POST body: blank optional fields are left out, address rows without an address are dropped. */
export function newHostBody(values: HostFormValues): HostBody {
  const addresses = values.addresses.filter((a) => a.ip_address.trim() !== '');
  return {
    network_id: values.network_id,
    name: values.name.trim(),
    hostname: orNull(values.hostname),
    description: orNull(values.description),
    tags: values.tag_ids,
    ip_addresses: addresses.map((a) => ({
      subnet_id: a.subnet_id,
      ip_address: a.ip_address.trim(),
      ...(a.mac_address.trim() && { mac_address: a.mac_address.trim() }),
    })),
  };
}

/**
 * PUT body: the host exactly as the API returned it (read-only fields are ignored by the API, children
 * kept), with the form's fields changed: the round trip docs/api-conventions.md promises.
 */
export function editedHostBody(host: Host, values: HostFormValues): HostBody {
  return {
    ...(host as unknown as HostBody),
    name: values.name.trim(),
    hostname: orNull(values.hostname),
    description: orNull(values.description),
    tags: values.tag_ids,
  };
}
