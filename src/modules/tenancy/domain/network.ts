import type { TenantContext } from '../../../common/auth/tenant-context';
import type { PageRequest } from '../../../common/http/pagination';

/** A network without its own staleness window uses 28 days. */
export const DEFAULT_STALE_AFTER_HOURS = 672;

export interface Network {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  stale_after_hours: number | null;
  effective_stale_after_hours: number;
  tags: string[];
  created_at: Date;
  updated_at: Date;
}

export interface NetworkInput {
  name: string;
  description: string;
  stale_after_hours: number | null;
  tags: string[];
}

export interface NetworkRepository {
  list(
    ctx: TenantContext,
    filter: { networkId?: string },
    page: PageRequest,
  ): Promise<{ items: Network[]; total: number }>;
  /** A network the caller may access, or undefined. */
  find(ctx: TenantContext, id: string): Promise<Network | undefined>;
  create(ctx: TenantContext, input: NetworkInput): Promise<Network>;
  update(ctx: TenantContext, id: string, input: NetworkInput): Promise<Network | undefined>;
  delete(ctx: TenantContext, id: string): Promise<boolean>;
  countInOrganization(ctx: TenantContext): Promise<number>;
  /** The subset of ids that are networks of the caller's organization (any network, not only accessible ones). */
  existingIds(ctx: TenantContext, ids: readonly string[]): Promise<string[]>;
}

export const NETWORK_REPOSITORY = Symbol('NETWORK_REPOSITORY');
