import type { TenantContext } from '../../../common/auth/tenant-context';
import type { VersionAuthor } from '../../../common/database/versioned';
import type { PageRequest } from '../../../common/http/pagination';

export const DEPENDENCY_TYPES = ['RequestPath', 'HubAndSpoke'] as const;
export const EDGE_STYLES = ['Straight', 'SmoothStep', 'Bezier'] as const;
export const MEMBER_TYPES = ['Services', 'Bindings'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

/** RequestPath members are the path in order; HubAndSpoke's first member is the hub. */
export interface DependencyFields {
  name: string;
  description: string | null;
  color: string;
  dependency_type: string;
  edge_style: string;
  member_type: MemberType;
  member_ids: string[];
  tags: string[];
}

export interface DependencyRow extends DependencyFields {
  id: string;
  organization_id: string;
  network_id: string;
  source: { type: string };
  created_at: Date;
  updated_at: Date;
  valid_from: Date;
  valid_to: Date | null;
  lineage_id: string | null;
}

export interface DependencyFilter {
  networkId?: string;
  tagIds?: string[];
  at?: Date;
  /** Dependencies with this service, or one of its bindings, among their members. */
  serviceId?: string;
}

/** Every method is limited to the caller's organization and accessible networks. */
export interface DependencyRepository {
  list(
    ctx: TenantContext,
    filter: DependencyFilter,
    page: PageRequest,
  ): Promise<{ items: DependencyRow[]; total: number }>;
  find(ctx: TenantContext, id: string, at?: Date): Promise<DependencyRow | undefined>;
  /** Every version of one dependency as stored, newest first; empty when missing or out of reach. */
  history(ctx: TenantContext, id: string): Promise<(DependencyRow & { changed_by: VersionAuthor | null })[]>;
  /** Locks the live dependency for the rest of the transaction. */
  lock(ctx: TenantContext, id: string): Promise<DependencyRow | undefined>;
  instant(): Promise<Date>;
  create(ctx: TenantContext, networkId: string, fields: DependencyFields, at: Date): Promise<string>;
  update(ctx: TenantContext, id: string, fields: DependencyFields, at: Date): Promise<void>;
  close(ctx: TenantContext, ids: readonly string[], at: Date): Promise<void>;
  /**
   * Of these ids, the live services (or bindings) of the network. `lock` holds them (FOR SHARE) until the
   * transaction ends, so none can close before the dependency naming it is written.
   */
  liveMembers(
    ctx: TenantContext,
    networkId: string,
    type: MemberType,
    ids: readonly string[],
    lock?: boolean,
  ): Promise<string[]>;
  /** Live dependencies of the network with a member that is no longer live. */
  withClosedMembers(ctx: TenantContext, networkId: string): Promise<DependencyRow[]>;
  /** Takes a deleted tag out of every dependency's tags. */
  forgetTag(ctx: TenantContext, tagId: string): Promise<void>;
  /** Whether the service is live and within the caller's reach. */
  serviceExists(ctx: TenantContext, serviceId: string): Promise<boolean>;
}

export const DEPENDENCY_REPOSITORY = Symbol('DEPENDENCY_REPOSITORY');
