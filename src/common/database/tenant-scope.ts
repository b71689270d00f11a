import { networkScope, type TenantContext } from '../auth/tenant-context';

/**
 * The tenant predicate of a statement and the parameters it binds: always $1 (the organization) and, for
 * network-scoped rows, $2 (the caller's networks, null = every network of the organization). A statement
 * passes these first and numbers its own parameters after them.
 */
export interface TenantScope {
  where: string;
  params: unknown[];
}

const column = (alias: string, name: string) => (alias ? `${alias}.${name}` : name);

/**
 * Rows of the caller's organization on networks the caller may reach. `network` names the column that
 * holds the network id (`id` for the networks table itself); null for rows that belong to the whole
 * organization (users, API keys, plans).
 */
export function tenantScope(alias: string, ctx: TenantContext, network: string | null = 'network_id'): TenantScope {
  const organization = `${column(alias, 'organization_id')} = $1`;
  if (network === null) return { where: organization, params: [ctx.organizationId] };
  return {
    where: `${organization} AND ($2::uuid[] IS NULL OR ${column(alias, network)} = ANY ($2::uuid[]))`,
    params: [ctx.organizationId, networkScope(ctx)],
  };
}
