import type { Network, NetworkBody, Subnet, SubnetBody, Tag, TagBody, TagColor } from './api';

/** What the network form edits: text inputs hold strings; the body wants numbers and nulls. */
export interface NetworkForm {
  name: string;
  description: string;
  staleAfterHours: string;
  tags: string[];
}

export function networkFormOf(network?: Network): NetworkForm {
  return {
    name: network?.name ?? '',
    description: network?.description ?? '',
    staleAfterHours: network?.stale_after_hours ? String(network.stale_after_hours) : '',
    tags: network?.tags ?? [],
  };
}

/** PUT replaces the whole network, so every field is sent; an empty staleness means the default (null). */
export function networkBodyOf(form: NetworkForm): NetworkBody {
  const hours = form.staleAfterHours.trim();
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    stale_after_hours: hours === '' ? null : Number(hours),
    tags: form.tags,
  };
}

export interface SubnetForm {
  cidr: string;
  name: string;
  description: string;
}

export function subnetFormOf(subnet?: Subnet): SubnetForm {
  return { cidr: subnet?.cidr ?? '', name: subnet?.name ?? '', description: subnet?.description ?? '' };
}

export function subnetBodyOf(networkId: string, form: SubnetForm): SubnetBody {
  return {
    network_id: networkId,
    cidr: form.cidr.trim(),
    name: form.name.trim() || null,
    description: form.description.trim() || null,
  };
}

/** The 18 tag colours of the API, in the order the picker shows them. */
export const TAG_COLORS: TagColor[] = [
  'Gray',
  'Red',
  'Rose',
  'Pink',
  'Fuchsia',
  'Purple',
  'Violet',
  'Indigo',
  'Blue',
  'Sky',
  'Cyan',
  'Teal',
  'Emerald',
  'Green',
  'Lime',
  'Yellow',
  'Amber',
  'Orange',
];

export function tagFormOf(tag?: Tag): TagBody {
  return { name: tag?.name ?? '', color: tag?.color ?? 'Gray' };
}

export function tagBodyOf(form: TagBody): TagBody {
  return { name: form.name.trim(), color: form.color };
}
