import { Inject, Injectable } from '@nestjs/common';
import { canAccessNetwork, type TenantContext } from '../../../common/auth/tenant-context';
import { notFound } from '../../../common/errors/app-error';
import { NETWORK_REPOSITORY, type NetworkRepository } from '../domain/network';
import type { NetworkAccess } from '../domain/network-access.port';

@Injectable()
export class NetworkAccessService implements NetworkAccess {
  constructor(@Inject(NETWORK_REPOSITORY) private readonly networks: NetworkRepository) {}

  async requireNetwork(ctx: TenantContext, networkId: string): Promise<void> {
    if (!canAccessNetwork(ctx, networkId) || !(await this.networks.find(ctx, networkId))) {
      throw notFound('network', networkId);
    }
  }

  existingIds(ctx: TenantContext, ids: readonly string[]): Promise<string[]> {
    return this.networks.existingIds(ctx, ids);
  }
}
