import type { TenantContext } from '../../../common/auth/tenant-context';
import type { HostOrderField, OrderDirection } from './enums';

export interface HostQuery {
  networkId?: string;
  ids?: string[];
  tagIds?: string[];
  search?: string;
  groupBy?: HostOrderField;
  orderBy?: HostOrderField;
  orderDirection: OrderDirection;
  limit: number;
  offset: number;
  at?: Date;
  stale?: boolean;
  /** Hosts of any of these device types, of any of these vendors (compared without case). */
  deviceTypes?: string[];
  vendors?: string[];
  includeChildren: boolean;
}

export interface HostPage {
  /** The hosts as one JSON array, written by PostgreSQL. */
  hostsJson: string;
  total: number;
  /** Group values as the hosts show them (timestamps, ids, names, addresses). */
  groupCounts?: { value: unknown; count: number }[];
}

/** What a streamed list knows besides its hosts. */
export type HostRows = Omit<HostPage, 'hostsJson'>;

/** Hot read path: each host with its children built as JSON by the database, one statement a page. */
export interface HostReader {
  list(ctx: TenantContext, query: HostQuery): Promise<HostPage>;
  /**
   * The whole list (limit 0): its counts, then its hosts, in order, as JSON values separated by commas
   * written into `items` at the pace it is read (and ended); answers the counts and how many hosts it wrote.
   */
  stream(ctx: TenantContext, query: HostQuery, items: NodeJS.WritableStream): Promise<HostRows & { count: number }>;
  /** Every version of one host (live row and history copies), newest first. */
  history(ctx: TenantContext, id: string): Promise<Record<string, unknown>[]>;
}

export const HOST_READER = Symbol('HOST_READER');
