import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import { GROUP_THRESHOLD } from '../domain/collapse';
import { findNeedles, findNodes, type FindMatch } from '../domain/find';
import { readPlan, summarisedHolding } from '../domain/first-frame';
import { EMPTY_STATE, type View } from '../domain/graph';
import { GROUPING_TABLES, groupsHolding } from '../domain/groups';
import { L2_SUMMARY_READER, type L2SummaryReader } from '../domain/l2-summary.port';
import { NETWORK_STATE_READER, type NetworkStateReader } from '../domain/network-state.port';
import { buildView } from '../domain/views';
import { readSummary } from './read-summary';

/** "Find a node" over a whole view, groups included (docs/topology.md "Find"). */
@Injectable()
export class FindService {
  constructor(
    @Inject(NETWORK_STATE_READER) private readonly states: NetworkStateReader,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(L2_SUMMARY_READER) private readonly summaries: L2SummaryReader,
  ) {}

  async find(ctx: TenantContext, networkId: string, view: View, text: string, at?: Date): Promise<FindMatch[]> {
    await this.networks.requireNetwork(ctx, networkId);
    if (!findNeedles(text).needle) return [];
    if (view === 'L2Physical') {
      const found = await this.findInSummary(ctx, networkId, text, at ?? null);
      if (found) return found;
    }
    const state = await this.states.load(ctx, networkId, view, at ?? null, [...GROUPING_TABLES, 'interfaces']);
    const graph = buildView(view, state);
    // a view small enough to be drawn whole has no groups to open
    const holding = graph.nodes.length > GROUP_THRESHOLD ? groupsHolding(view, graph, state) : () => [];
    return findNodes(graph, state, text, holding);
  }

  /**
   * In a big L2 view: the rows that may match, drawn as a view of their own, and the groups holding each
   * from the network's summary (first-frame.ts). Null for a view small enough to be read whole.
   */
  private async findInSummary(ctx: TenantContext, networkId: string, text: string, at: Date | null) {
    const summary = await readSummary(this.summaries, ctx, networkId, at);
    if (summary.nodeCount <= GROUP_THRESHOLD) return null;
    const [matching, read] = await Promise.all([
      this.summaries.search(ctx, networkId, at, findNeedles(text)),
      this.summaries.readWhole(ctx, networkId, at, readPlan(summary, new Set())),
    ]);
    const graph = buildView('L2Physical', { ...EMPTY_STATE, ...matching });
    return findNodes(graph, matching, text, summarisedHolding(summary, read));
  }
}
