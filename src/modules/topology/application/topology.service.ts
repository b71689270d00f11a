import { Inject, Injectable } from '@nestjs/common';
import { networkScope, type TenantContext } from '../../../common/auth/tenant-context';
import { requireNetwork } from '../../inventory/application/network-access';
import { NETWORK_REPOSITORY, type NetworkRepository } from '../../tenancy/domain/network';
import type { Graph, View } from '../domain/graph';
import type { Positions } from '../domain/positions';
import { buildView } from '../domain/views';
import { NetworkStateRepository } from '../infrastructure/network-state.repository';
import { PositionsRepository } from '../infrastructure/positions.repository';

/** A view and its saved layout. */
export type LaidOutGraph = Graph & { positions: Positions };

@Injectable()
export class TopologyService {
  constructor(
    private readonly states: NetworkStateRepository,
    private readonly positions: PositionsRepository,
    @Inject(NETWORK_REPOSITORY) private readonly networks: NetworkRepository,
  ) {}

  async graph(ctx: TenantContext, networkId: string, view: View, at?: Date): Promise<LaidOutGraph> {
    await requireNetwork(this.networks, ctx, networkId);
    return this.load(ctx.organizationId, networkScope(ctx), networkId, view, at);
  }

  /** For callers that have already established access (public shares). */
  async graphOf(organizationId: string, networkId: string, view: View, at?: Date): Promise<LaidOutGraph> {
    return this.load(organizationId, null, networkId, view, at);
  }

  private async load(
    organizationId: string,
    scope: readonly string[] | null,
    networkId: string,
    view: View,
    at?: Date,
  ): Promise<LaidOutGraph> {
    const [state, positions] = await Promise.all([
      this.states.load(organizationId, networkId, view, at ?? null),
      this.positions.forView(organizationId, networkId, view, scope),
    ]);
    return { ...buildView(view, state), positions };
  }
}
