import { Injectable } from '@nestjs/common';
import { Database } from '../../../common/database/database';
import { validAt } from '../../../common/database/versioned';
import type { NetworkState, View } from '../domain/graph';
import type { NetworkStateReader } from '../domain/network-state.port';

/** $1 organization, $2 network, $3 as-of instant (null = live). Ids are the live ids. */
const ROWS = (alias: string) =>
  `${alias}.organization_id = $1 AND ${alias}.network_id = $2 AND ${validAt(alias, '$3')}`;
const ID = (alias: string) => `COALESCE(${alias}.lineage_id, ${alias}.id) AS id`;

const QUERIES: Record<keyof NetworkState, string> = {
  hosts: `SELECT ${ID('h')}, h.name, h.hostname, h.virtualization, h.source FROM hosts h WHERE ${ROWS('h')} ORDER BY h.created_at, 1`,
  subnets: `SELECT ${ID('s')}, s.cidr::text AS cidr, s.name FROM subnets s WHERE ${ROWS('s')} ORDER BY s.cidr`,
  ip_addresses: `SELECT ${ID('i')}, i.host_id, i.subnet_id, host(i.ip_address) AS ip_address, i.position FROM ip_addresses i WHERE ${ROWS('i')} ORDER BY i.ip_address`,
  interfaces: `SELECT ${ID('i')}, i.host_id, i.if_name, i.if_index, i.speed_bps::float8 AS speed_bps, i.oper_status, i.mac_address, i.neighbor
    FROM interfaces i WHERE ${ROWS('i')} ORDER BY i.host_id, i.if_index, 1`,
  services: `SELECT ${ID('s')}, s.host_id, s.name, s.service_definition FROM services s WHERE ${ROWS('s')} ORDER BY s.host_id, s.position, 1`,
  bindings: `SELECT ${ID('b')}, b.service_id FROM bindings b WHERE ${ROWS('b')}`,
  dependencies: `SELECT ${ID('d')}, d.name, d.color, d.edge_style, d.dependency_type, d.member_type, d.member_ids
    FROM dependencies d WHERE ${ROWS('d')} ORDER BY d.created_at, 1`,
};

/** What each view reads: one query per table, whatever the size of the network. */
const TABLES_OF: Record<View, (keyof NetworkState)[]> = {
  L2Physical: ['hosts', 'interfaces'],
  L3Logical: ['hosts', 'subnets', 'ip_addresses'],
  Workloads: ['hosts'],
  Application: ['services', 'bindings', 'dependencies'],
};

@Injectable()
export class NetworkStateRepository implements NetworkStateReader {
  constructor(private readonly db: Database) {}

  /** The caller has checked that it may access the network. `also`: tables read besides the view's own. */
  async load(
    organizationId: string,
    networkId: string,
    view: View,
    at: Date | null,
    also: readonly (keyof NetworkState)[] = [],
  ): Promise<NetworkState> {
    const state: NetworkState = {
      hosts: [],
      subnets: [],
      ip_addresses: [],
      interfaces: [],
      services: [],
      bindings: [],
      dependencies: [],
    };
    const params = [organizationId, networkId, at];
    await Promise.all(
      [...new Set([...TABLES_OF[view], ...also])].map(async (table) => {
        (state as unknown as Record<string, unknown[]>)[table] = await this.db.query(QUERIES[table], params);
      }),
    );
    return state;
  }
}
