import type { TenantContext } from '../../../common/auth/tenant-context';
import type { VersionAuthor } from '../../../common/database/versioned';
import type { PageRequest } from '../../../common/http/pagination';

export interface Subnet {
  id: string;
  organization_id: string;
  network_id: string;
  cidr: string;
  name: string;
  description: string;
  created_at: Date;
  updated_at: Date;
  valid_from: Date;
  valid_to: Date | null;
  lineage_id: string | null;
}

export interface SubnetFields {
  cidr: string;
  name: string;
  description: string;
}

export interface SubnetRepository {
  list(
    ctx: TenantContext,
    filter: { networkId?: string; at?: Date },
    page: PageRequest,
  ): Promise<{ items: Subnet[]; total: number }>;
  /** Locks the live subnet for the rest of the transaction; undefined when missing or out of reach. */
  lock(ctx: TenantContext, id: string): Promise<Subnet | undefined>;
  /** Subnets the caller may access, by id: live, or as of `at`. */
  find(ctx: TenantContext, ids: readonly string[], at?: Date): Promise<Subnet[]>;
  /** Every version of one subnet, newest first; empty when missing or out of reach. */
  history(ctx: TenantContext, id: string): Promise<(Subnet & { changed_by: VersionAuthor | null })[]>;
  create(ctx: TenantContext, networkId: string, fields: SubnetFields): Promise<Subnet>;
  /** Both answer the write's instant (the audit trail records it). */
  update(ctx: TenantContext, id: string, fields: SubnetFields): Promise<Date>;
  close(ctx: TenantContext, id: string): Promise<Date>;
  /** Whether live IP addresses still lie in the subnet. */
  inUse(ctx: TenantContext, id: string): Promise<boolean>;
}

export const SUBNET_REPOSITORY = Symbol('SUBNET_REPOSITORY');
