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
  includeChildren: boolean;
}

export interface HostPage {
  hosts: Record<string, unknown>[];
  total: number;
  /** Group values as the hosts show them (timestamps, ids, names, addresses). */
  groupCounts?: { value: unknown; count: number }[];
}

/** Hot read path: plain SQL mapped straight to response objects, children in one query per kind. */
export interface HostReader {
  list(ctx: TenantContext, query: HostQuery): Promise<HostPage>;
  /** Every version of one host (live row and history copies), newest first. */
  history(ctx: TenantContext, id: string): Promise<Record<string, unknown>[]>;
}

export const HOST_READER = Symbol('HOST_READER');
