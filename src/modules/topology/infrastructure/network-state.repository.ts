import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { tenantScope } from '../../../common/database/tenant-scope';
import { liveId, validAt } from '../../../common/database/versioned';
import { EMPTY_STATE, type NetworkState, type View } from '../domain/graph';
import type { NetworkStateReader } from '../domain/network-state.port';

/** Rows of one network as a view reads them; `rows(alias)` is the statement's scope. Ids are the live ids. */
export const STATE_QUERIES: Record<keyof NetworkState, (rows: (alias: string) => string) => string> = {
  hosts: (rows) =>
    `SELECT ${liveId('h')} AS id, h.name, h.hostname, h.virtualization, h.source,
       h.device_type, h.vendor, h.model, h.os, h.location FROM hosts h WHERE ${rows('h')} ORDER BY h.created_at, 1`,
  subnets: (rows) =>
    `SELECT ${liveId('s')} AS id, s.cidr::text AS cidr, s.name FROM subnets s WHERE ${rows('s')} ORDER BY s.cidr`,
  ip_addresses: (rows) =>
    `SELECT ${liveId('i')} AS id, i.host_id, i.subnet_id, host(i.ip_address) AS ip_address, i.position, i.mac_address FROM ip_addresses i
     WHERE ${rows('i')} ORDER BY i.ip_address`,
  interfaces: (rows) =>
    `SELECT ${liveId('i')} AS id, i.host_id, i.if_name, i.if_index, i.speed_bps::float8 AS speed_bps, i.oper_status, i.mac_address, i.neighbor
     FROM interfaces i WHERE ${rows('i')} ORDER BY i.host_id, i.if_index, 1`,
  services: (rows) =>
    `SELECT ${liveId('s')} AS id, s.host_id, s.name, s.service_definition FROM services s WHERE ${rows('s')} ORDER BY s.host_id, s.position, 1`,
  bindings: (rows) => `SELECT ${liveId('b')} AS id, b.service_id, b.port_id FROM bindings b WHERE ${rows('b')}`,
  ports: (rows) => `SELECT ${liveId('p')} AS id, p.number FROM ports p WHERE ${rows('p')}`,
  dependencies: (rows) =>
    `SELECT ${liveId('d')} AS id, d.name, d.color, d.edge_style, d.dependency_type, d.member_type, d.member_ids
     FROM dependencies d WHERE ${rows('d')} ORDER BY d.created_at, 1`,
};

/** What each view reads: one query per table, whatever the size of the network. */
const TABLES_OF: Record<View, (keyof NetworkState)[]> = {
  L2Physical: ['hosts', 'interfaces'],
  L3Logical: ['hosts', 'subnets', 'ip_addresses'],
  Workloads: ['hosts'],
  Application: ['hosts', 'services', 'bindings', 'ports', 'dependencies'],
};

/**
 * The rows of one network as the caller may read them, live or as of an instant: `rows(alias)` is the
 * predicate, binding $1 organization, $2 the caller's networks, $3 the network, $4 the instant (null = live).
 */
export function networkRows(ctx: TenantContext, networkId: string, at: Date | null) {
  const rows = (alias: string) =>
    `${tenantScope(alias, ctx).where} AND ${alias}.network_id = $3 AND ${validAt(alias, '$4')}`;
  return { rows, params: [...tenantScope('', ctx).params, networkId, at] };
}

@Injectable()
export class NetworkStateRepository implements NetworkStateReader {
  constructor(private readonly db: Database) {}

  async load(
    ctx: TenantContext,
    networkId: string,
    view: View,
    at: Date | null,
    also: readonly (keyof NetworkState)[] = [],
  ): Promise<NetworkState> {
    const state: NetworkState = { ...EMPTY_STATE };
    const { rows, params } = networkRows(ctx, networkId, at);
    await Promise.all(
      [...new Set([...TABLES_OF[view], ...also])].map(async (table) => {
        (state as unknown as Record<string, unknown[]>)[table] = await this.db.query(
          STATE_QUERIES[table](rows),
          params,
        );
      }),
    );
    return state;
  }
}
