import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { requireNetwork } from '../../inventory/application/network-access';
import { NETWORK_REPOSITORY, type NetworkRepository } from '../../tenancy/domain/network';
import type { Graph, View } from '../domain/graph';
import { buildView } from '../domain/views';
import { NetworkStateRepository } from '../infrastructure/network-state.repository';

@Injectable()
export class TopologyService {
  constructor(
    private readonly states: NetworkStateRepository,
    @Inject(NETWORK_REPOSITORY) private readonly networks: NetworkRepository,
  ) {}

  async graph(ctx: TenantContext, networkId: string, view: View, at?: Date): Promise<Graph> {
    await requireNetwork(this.networks, ctx, networkId);
    return this.graphOf(ctx.organizationId, networkId, view, at);
  }

  /** For callers that have already established access (public shares). */
  async graphOf(organizationId: string, networkId: string, view: View, at?: Date): Promise<Graph> {
    return buildView(view, await this.states.load(organizationId, networkId, view, at ?? null));
  }
}
