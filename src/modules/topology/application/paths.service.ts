import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { notFound } from '../../../common/errors/app-error';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import { NETWORK_STATE_READER, type NetworkStateReader } from '../domain/network-state.port';
import { findPath, type PathAnswer } from '../domain/paths';
import { buildView } from '../domain/views';

/** Paths between two hosts over the L2 links, as of an instant (docs/topology.md "Paths"). */
@Injectable()
export class PathsService {
  constructor(
    @Inject(NETWORK_STATE_READER) private readonly states: NetworkStateReader,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
  ) {}

  /** A host that is not in the network at that instant (or in another network or organization): 404. */
  async between(ctx: TenantContext, networkId: string, from: string, to: string, at?: Date): Promise<PathAnswer> {
    await this.networks.requireNetwork(ctx, networkId);
    const graph = buildView('L2Physical', await this.states.load(ctx, networkId, 'L2Physical', at ?? null));
    const hosts = new Set(graph.nodes.filter((n) => n.kind === 'host').map((n) => n.id));
    const missing = [from, to].find((id) => !hosts.has(id));
    if (missing) throw notFound('host', missing);
    return findPath(graph, from, to);
  }
}
