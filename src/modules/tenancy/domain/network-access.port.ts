import type { TenantContext } from '../../../common/auth/tenant-context';

/** What other modules may ask of networks: tenancy owns the table, they hold only ids. */
export interface NetworkAccess {
  /** A network id from a body or query the caller may use, else 404 entity_not_found (as if it did not exist). */
  requireNetwork(ctx: TenantContext, networkId: string): Promise<void>;
  /** The subset of ids that are networks of the caller's organization (any network, not only accessible ones). */
  existingIds(ctx: TenantContext, ids: readonly string[]): Promise<string[]>;
}

export const NETWORK_ACCESS = Symbol('NETWORK_ACCESS');
