import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Database } from '../../../common/database/database';
import { liveId } from '../../../common/database/versioned';
import type { ReadPlan, WholeHosts } from '../domain/first-frame';
import type { NetworkState } from '../domain/graph';
import type { L2SummaryReader } from '../domain/l2-summary.port';
import type { L2Rows } from '../domain/l2-summary';
import { networkRows, STATE_QUERIES } from './network-state.repository';

type Matching = Pick<NetworkState, 'hosts' | 'ip_addresses' | 'interfaces'>;

@Injectable()
export class L2SummaryRepository implements L2SummaryReader {
  constructor(private readonly db: Database) {}

  async rows(ctx: TenantContext, networkId: string, at: Date | null): Promise<L2Rows> {
    const { rows, params } = networkRows(ctx, networkId, at);
    const [hosts, interfaces] = await Promise.all([
      this.db.query<L2Rows['hosts'][number]>(
        `SELECT ${liveId('h')} AS id, h.name, h.device_type FROM hosts h WHERE ${rows('h')} ORDER BY h.created_at, 1`,
        params,
      ),
      this.db.query<L2Rows['interfaces'][number]>(
        `SELECT ${liveId('i')} AS id, i.host_id, i.neighbor->>'interface_id' AS neighbor_interface,
           i.neighbor->>'host_id' AS neighbor_host
         FROM interfaces i WHERE ${rows('i')}`,
        params,
      ),
    ]);
    return { hosts, interfaces };
  }

  async firstSubnets(
    ctx: TenantContext,
    networkId: string,
    at: Date | null,
    hostIds: string[],
  ): Promise<Map<string, string | null>> {
    if (hostIds.length === 0) return new Map();
    const { rows, params } = networkRows(ctx, networkId, at);
    // lowest position, then the address as text; a subnet not valid at the instant is none
    const first = await this.db.query<{ host_id: string; subnet_id: string | null }>(
      `SELECT DISTINCT ON (a.host_id) a.host_id, ${liveId('s')} AS subnet_id
       FROM ip_addresses a LEFT JOIN subnets s ON ${liveId('s')} = a.subnet_id AND ${rows('s')}
       WHERE ${rows('a')} AND a.host_id IN (SELECT unnest($5::uuid[]))
       ORDER BY a.host_id, a.position, host(a.ip_address) COLLATE "C", a.ip_address`,
      [...params, hostIds],
    );
    return new Map(first.map((f) => [f.host_id, f.subnet_id]));
  }

  async readWhole(ctx: TenantContext, networkId: string, at: Date | null, plan: ReadPlan): Promise<WholeHosts> {
    const { rows, params } = networkRows(ctx, networkId, at);
    // $5: the hosts read whole, $6: their interfaces read; IN a set, not = ANY of an array, which is compared
    // element by element for every row
    const only = (column: string, param: string) => (alias: string) =>
      `${rows(alias)} AND ${column} IN (SELECT unnest(${param}::uuid[]))`;
    const withHosts = [...params, plan.hosts];
    const withPlan = [...withHosts, plan.interfaces];
    const interfacesRead = (alias: string) =>
      `${only('i.host_id', '$5')(alias)} AND ${liveId('i')} IN (SELECT unnest($6::uuid[]))`;
    const [hosts, interfaces, ipAddresses, subnets] = await Promise.all([
      this.db.query(STATE_QUERIES.hosts(only(liveId('h'), '$5')), withHosts),
      this.db.query(STATE_QUERIES.interfaces(interfacesRead), withPlan),
      this.db.query(STATE_QUERIES.ip_addresses(only('i.host_id', '$5')), withHosts),
      this.db.query(STATE_QUERIES.subnets(rows), params),
    ]);
    return { hosts, interfaces, ip_addresses: ipAddresses, subnets } as WholeHosts;
  }

  async search(
    ctx: TenantContext,
    networkId: string,
    at: Date | null,
    { needle, macNeedle }: { needle: string; macNeedle: string },
  ): Promise<Matching> {
    const { rows, params } = networkRows(ctx, networkId, at);
    // $5 the text lower-cased, $6 as a MAC fragment ('' when it is none): every row find.ts may match, and more
    const contains = (text: string) => `strpos(lower(${text}), $5) > 0`;
    const macContains = (mac: string) =>
      `($6 <> '' AND strpos(regexp_replace(lower(${mac}), '[^0-9a-f]', '', 'g'), $6) > 0)`;
    const address = (alias: string) =>
      `${rows(alias)} AND (${contains(`host(${alias}.ip_address)`)} OR ${macContains(`COALESCE(${alias}.mac_address::text, '')`)})`;
    const label = (i: string) =>
      `COALESCE(NULLIF(${i}.if_name, ''), NULLIF(${i}.mac_address::text, ''), 'if' || ${i}.if_index)`;
    const port = (alias: string) =>
      `${rows(alias)} AND (${contains(label(alias))} OR ${macContains(`COALESCE(${alias}.mac_address::text, '')`)})`;
    const host = (alias: string) =>
      `${rows(alias)} AND (${contains(`${alias}.name`)} OR ${contains(`${alias}.hostname`)}
        OR ${liveId(alias)} IN (SELECT a.host_id FROM ip_addresses a WHERE ${address('a')})
        OR ${liveId(alias)} IN (SELECT p.host_id FROM interfaces p WHERE ${port('p')}))`;
    const withNeedles = [...params, needle, macNeedle];
    const [hosts, ipAddresses, interfaces] = await Promise.all([
      this.db.query(STATE_QUERIES.hosts(host), withNeedles),
      this.db.query(STATE_QUERIES.ip_addresses(address), withNeedles),
      this.db.query(STATE_QUERIES.interfaces(port), withNeedles),
    ]);
    return { hosts, ip_addresses: ipAddresses, interfaces } as Matching;
  }
}
