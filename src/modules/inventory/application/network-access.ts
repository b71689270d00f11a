import { canAccessNetwork, TenantContext } from '../../../common/auth/tenant-context';
import { notFound } from '../../../common/errors/app-error';
import type { NetworkRepository } from '../../tenancy/domain/network';

/** A network id from a body or query the caller may use, else 404 entity_not_found (as if it did not exist). */
export async function requireNetwork(
  networks: NetworkRepository,
  ctx: TenantContext,
  networkId: string,
): Promise<void> {
  if (!canAccessNetwork(ctx, networkId) || !(await networks.find(ctx, networkId))) throw notFound('network', networkId);
}
