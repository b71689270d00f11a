import type { components } from '../../../../client/schema';
import type { DeviceType } from '../../lib/device-types';
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
  /** Identity: '' leaves the field to discovery (null in the body); a value shown unchanged keeps its source. */
  identity: IdentityValues;
  /** Only when creating: the host's first addresses. */
  addresses: AddressRow[];
}

export const IDENTITY_TEXT_FIELDS = ['vendor', 'model', 'os', 'location'] as const;
export interface IdentityValues {
  device_type: DeviceType | '';
  vendor: string;
  model: string;
  os: string;
  location: string;
}
export const emptyIdentity = (): IdentityValues => ({ device_type: '', vendor: '', model: '', os: '', location: '' });

const identityOf = (host: Host): IdentityValues => ({
  device_type: host.device_type === 'Unknown' ? '' : host.device_type,
  vendor: host.vendor ?? '',
  model: host.model ?? '',
  os: host.os ?? '',
  location: host.location ?? '',
});

/** The identity fields of a body: null hands a field to discovery; `filledOnly` leaves empty ones out. */
const identityBody = (values: IdentityValues, filledOnly = false) => {
  const fields: [string, string | null][] = [
    ['device_type', values.device_type || null],
    ...IDENTITY_TEXT_FIELDS.map((f): [string, string | null] => [f, orNull(values[f])]),
  ];
  return Object.fromEntries(fields.filter(([, value]) => !filledOnly || value !== null)) as Partial<HostBody>;
};

export const emptyAddress = (subnetId = ''): AddressRow => ({ subnet_id: subnetId, ip_address: '', mac_address: '' });

export function formValuesOf(host: Host): HostFormValues {
  return {
    network_id: host.network_id,
    name: host.name,
    hostname: host.hostname ?? '',
    description: host.description ?? '',
    tag_ids: [...host.tags],
    identity: identityOf(host),
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
    ...identityBody(values.identity, true),
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
    ...identityBody(values.identity),
  };
}
