import { DEVICE_TYPES, type DeviceType } from '../../lib/device-types';
import type { HostQuery } from './api';

/** The fields the list can sort and group by: the API's HostOrderField. */
export const HOST_FIELDS = [
  'created_at',
  'updated_at',
  'last_seen_at',
  'name',
  'hostname',
  'network_id',
  'virtualized_by',
  'interface_ip',
] as const;
export type HostField = (typeof HOST_FIELDS)[number];

export const FIELD_LABELS: Record<HostField, string> = {
  created_at: 'Created',
  updated_at: 'Updated',
  last_seen_at: 'Last seen',
  name: 'Name',
  hostname: 'Hostname',
  network_id: 'Network',
  virtualized_by: 'Virtualized by',
  interface_ip: 'Lowest IP address',
};

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

export type StaleFilter = 'stale' | 'fresh' | null;

/**
 * Everything the hosts screen shows, as read from the URL. Search parameters (short, readable links):
 * q, network, tag (repeated), type (device types, repeated), stale (stale|fresh), group, sort, dir (asc|desc), size, page (1-based),
 * open (expanded host ids, repeated), at (an ISO instant).
 */
export interface HostsView {
  search: string;
  networkId: string | null;
  tagIds: string[];
  deviceTypes: DeviceType[];
  stale: StaleFilter;
  groupBy: HostField | null;
  sort: HostField | null;
  direction: 'asc' | 'desc';
  pageSize: number;
  page: number;
  expanded: string[];
  at: string | null;
}

const isField = (value: string | null): value is HostField => HOST_FIELDS.includes(value as HostField);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string | null): value is string => value !== null && UUID.test(value);

/** Reads the screen from search parameters; anything unknown or malformed falls back to the default. */
export function readHostsView(params: URLSearchParams): HostsView {
  const size = Number(params.get('size'));
  const page = Number(params.get('page'));
  const stale = params.get('stale');
  const at = params.get('at');
  const group = params.get('group');
  const sort = params.get('sort');
  return {
    search: params.get('q') ?? '',
    networkId: isUuid(params.get('network')) ? params.get('network') : null,
    tagIds: [...new Set(params.getAll('tag').filter(isUuid))],
    deviceTypes: [...new Set(params.getAll('type'))].filter((t): t is DeviceType =>
      DEVICE_TYPES.includes(t as DeviceType),
    ),
    stale: stale === 'stale' || stale === 'fresh' ? stale : null,
    groupBy: isField(group) ? group : null,
    sort: isField(sort) ? sort : null,
    direction: params.get('dir') === 'desc' ? 'desc' : 'asc',
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    expanded: params.getAll('open').filter(isUuid),
    at: at && !Number.isNaN(new Date(at).getTime()) ? new Date(at).toISOString() : null,
  };
}

/** The GET /api/v1/hosts query of a screen. */
export function toHostQuery(view: HostsView): HostQuery {
  const query: HostQuery = {
    limit: view.pageSize,
    offset: (view.page - 1) * view.pageSize,
  };
  if (view.search.trim()) query.search = view.search.trim();
  if (view.networkId) query.network_id = view.networkId;
  if (view.tagIds.length) query.tag_ids = view.tagIds;
  if (view.deviceTypes.length) query.device_type = view.deviceTypes;
  if (view.stale) query.stale = view.stale === 'stale';
  if (view.groupBy) query.group_by = view.groupBy;
  if (view.sort) {
    query.order_by = view.sort;
    query.order_direction = view.direction;
  }
  if (view.at) query.at = view.at;
  return query;
}

/** The next sort after clicking a column header: a new column sorts ascending, the same one flips. */
export function nextSort(view: Pick<HostsView, 'sort' | 'direction'>, field: HostField) {
  if (view.sort !== field) return { sort: field, dir: null };
  return { sort: field, dir: view.direction === 'asc' ? 'desc' : null };
}

/** aria-sort of a column header. */
export function ariaSort(view: Pick<HostsView, 'sort' | 'direction'>, field: HostField) {
  if (view.sort !== field) return 'none' as const;
  return view.direction === 'asc' ? ('ascending' as const) : ('descending' as const);
}
