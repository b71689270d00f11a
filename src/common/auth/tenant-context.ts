export const ROLES = ['Viewer', 'Member', 'Admin', 'Owner'] as const;
export type Role = (typeof ROLES)[number];

export const roleRank = (role: Role): number => ROLES.indexOf(role);
export const atLeast = (role: Role, required: Role): boolean => roleRank(role) >= roleRank(required);
export const lowerRole = (a: Role, b: Role): Role => (roleRank(a) <= roleRank(b) ? a : b);

/**
 * Who is asking, resolved once per request by the auth guard and passed explicitly to every service and
 * repository. networkIds 'all' means every network of the organization.
 */
export interface TenantContext {
  organizationId: string;
  userId: string;
  role: Role;
  networkIds: readonly string[] | 'all';
  /**
   * worker: a discovery worker acting for the run's creator, limited to the run's network. share: a
   * public share's reader, a Viewer of the share's network and nothing else.
   */
  via: 'session' | 'api_key' | 'worker' | 'share';
  apiKeyId?: string;
  /** Who the audit trail names when it is not the session's user or the key: a run, the scheduler, a share. */
  actor?: { type: 'discovery_run' | 'discovery_schedule' | 'share'; id: string };
  /** The HTTP request behind the call (set by the auth guard); absent for work of the worker. */
  origin?: { requestId: string; clientAddress: string };
}

/** The network filter as one SQL parameter: null = every network of the organization. */
export const networkScope = (ctx: TenantContext): readonly string[] | null =>
  ctx.networkIds === 'all' ? null : ctx.networkIds;

export const canAccessNetwork = (ctx: TenantContext, networkId: string): boolean =>
  ctx.networkIds === 'all' || ctx.networkIds.includes(networkId);
