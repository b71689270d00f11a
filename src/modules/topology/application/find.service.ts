import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import { findNodes, type FindMatch } from '../domain/find';
import type { View } from '../domain/graph';
import { GROUPING_TABLES } from '../domain/groups';
import { NETWORK_STATE_READER, type NetworkStateReader } from '../domain/network-state.port';
import { buildView } from '../domain/views';

/** "Find a node" over a whole view, groups included (docs/topology.md "Find"). */
@Injectable()
export class FindService {
  constructor(
    @Inject(NETWORK_STATE_READER) private readonly states: NetworkStateReader,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
  ) {}

  async find(ctx: TenantContext, networkId: string, view: View, text: string, at?: Date): Promise<FindMatch[]> {
    await this.networks.requireNetwork(ctx, networkId);
    const state = await this.states.load(ctx, networkId, view, at ?? null, [...GROUPING_TABLES, 'interfaces']);
    return findNodes(view, buildView(view, state), state, text);
  }
}
