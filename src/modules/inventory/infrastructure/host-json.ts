import { liveId } from '../../../common/database/versioned';
import { lastSeen } from './tables';

/**
 * The keys of a JSON object in the response and the SQL of each value: selected as columns of a row that
 * PostgreSQL writes as that object (row_to_json), which costs less and writes less than json_build_object.
 */
export type JsonFields = [key: string, sql: string][];

export const selectList = (fields: JsonFields) => fields.map(([key, sql]) => `${sql} AS "${key}"`).join(', ');

/** The columns of alias `c` under their own names. */
export const columns = (c: string, ...names: string[]): JsonFields => names.map((name) => [name, `${c}.${name}`]);

/**
 * The JSON array of the rows `from` selects (FROM … WHERE …), each as the object of `fields`, in `order`
 * (over the keys, as `x.key`); `[]` when there are none.
 */
export const jsonArray = (fields: JsonFields, from: string, order: string) =>
  `COALESCE((SELECT json_agg(x ORDER BY ${order}) FROM (SELECT ${selectList(fields)} ${from}) x), '[]'::json)`;

/**
 * An instant as JSON.stringify writes a Date (what pg made of the column before): UTC, milliseconds
 * truncated, `Z`. The JSON is built in PostgreSQL, so it must spell instants the way the API always did.
 */
export const iso = (expression: string) =>
  `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The instants of a version of alias `c` (a host's or a child's), in the order the response has always had. */
export const instantFields = (c: string): JsonFields => [
  ['created_at', iso(`${c}.created_at`)],
  ['updated_at', iso(`${c}.updated_at`)],
  ['last_seen_at', iso(lastSeen(c))],
  ['valid_from', iso(`${c}.valid_from`)],
  ['valid_to', iso(`${c}.valid_to`)],
];

/** A child's version fields (alias `c`): its instants, discoveries and lineage. */
export const versionFields = (c: string): JsonFields => [
  ...instantFields(c),
  ...columns(c, 'first_discovery_id', 'last_discovery_id', 'lineage_id'),
];

/** Each child kind's fields (alias `c`), in the response's order. */
export const CHILD_FIELDS = {
  ip_addresses: (c: string): JsonFields => [
    ['id', liveId(c)],
    ...columns(c, 'host_id', 'network_id', 'subnet_id'),
    ['ip_address', `host(${c}.ip_address)`],
    ...columns(c, 'mac_address', 'name', 'position'),
    ...versionFields(c),
  ],
  ports: (c: string): JsonFields => [
    ['id', liveId(c)],
    ...columns(c, 'host_id', 'network_id', 'number', 'protocol', 'type'),
    ...versionFields(c),
  ],
  bindings: (c: string): JsonFields => [
    ['id', liveId(c)],
    ...columns(c, 'service_id', 'network_id', 'ip_address_id', 'port_id', 'type'),
    ...versionFields(c),
  ],
  interfaces: (c: string): JsonFields => [
    ['id', liveId(c)],
    ...columns(c, 'host_id', 'network_id', 'ip_address_id', 'admin_status', 'oper_status', 'if_alias', 'if_descr'),
    ...columns(c, 'if_name', 'if_index', 'if_type'),
    ['speed_bps', `${c}.speed_bps::float8`],
    ...columns(c, 'mac_address', 'cdp_address', 'cdp_device_id', 'cdp_platform', 'cdp_port_id', 'lldp_chassis_id'),
    ...columns(c, 'lldp_mgmt_addr', 'lldp_port_desc', 'lldp_port_id', 'lldp_sys_desc', 'lldp_sys_name', 'neighbor'),
    ...versionFields(c),
  ],
};
