import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import type { Graph, View } from '../domain/graph';
import { readSummary } from './read-summary';
import { GROUP_THRESHOLD } from '../domain/collapse';
import { firstFrame, readPlan } from '../domain/first-frame';
import { GROUPING_TABLES, groupView } from '../domain/groups';
import { L2_SUMMARY_READER, type L2SummaryReader } from '../domain/l2-summary.port';
import type { Positions } from '../domain/positions';
import { buildView } from '../domain/views';
import { NETWORK_STATE_READER, type NetworkStateReader } from '../domain/network-state.port';
import { POSITIONS_STORE, type PositionsStore } from '../domain/positions-store.port';

/** A view and its saved layout. */
export type LaidOutGraph = Graph & { positions: Positions };

/** How to read a view: as of an instant (else live), and whether to collapse a big one into groups. */
export interface GraphOptions {
  at?: Date;
  /** `auto`: over GROUP_THRESHOLD nodes, members collapse into group nodes, except the `expand`ed groups. */
  group?: 'auto';
  expand?: readonly string[];
}

@Injectable()
export class TopologyService {
  constructor(
    @Inject(NETWORK_STATE_READER) private readonly states: NetworkStateReader,
    @Inject(POSITIONS_STORE) private readonly positions: PositionsStore,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(L2_SUMMARY_READER) private readonly summaries: L2SummaryReader,
  ) {}

  async graph(ctx: TenantContext, networkId: string, view: View, options: GraphOptions = {}): Promise<LaidOutGraph> {
    await this.networks.requireNetwork(ctx, networkId);
    return this.load(ctx, networkId, view, options);
  }

  /** For a public share, which has established access: read as a Viewer of the share's network alone. */
  async graphOf(organizationId: string, networkId: string, view: View, at?: Date): Promise<LaidOutGraph> {
    const reader: TenantContext = { organizationId, userId: '', role: 'Viewer', networkIds: [networkId], via: 'share' };
    return this.load(reader, networkId, view, { at });
  }

  private async load(ctx: TenantContext, networkId: string, view: View, options: GraphOptions): Promise<LaidOutGraph> {
    const grouped = options.group === 'auto';
    const [graph, positions] = await Promise.all([
      grouped && view === 'L2Physical'
        ? this.groupedL2(ctx, networkId, options)
        : this.build(ctx, networkId, view, options),
      this.positions.forView(ctx, networkId, view),
    ]);
    return { ...graph, positions };
  }

  private async build(ctx: TenantContext, networkId: string, view: View, options: GraphOptions): Promise<Graph> {
    const grouped = options.group === 'auto';
    const state = await this.states.load(ctx, networkId, view, options.at ?? null, grouped ? GROUPING_TABLES : []);
    const graph = buildView(view, state);
    return grouped ? groupView(view, graph, state, new Set(options.expand)) : graph;
  }

  /** A big network's grouped L2 view from a summary (first-frame.ts); a small one is built whole. */
  private async groupedL2(ctx: TenantContext, networkId: string, options: GraphOptions): Promise<Graph> {
    const at = options.at ?? null;
    const summary = await readSummary(this.summaries, ctx, networkId, at);
    if (summary.nodeCount <= GROUP_THRESHOLD) return this.build(ctx, networkId, 'L2Physical', options);
    const expanded = new Set(options.expand);
    const read = await this.summaries.readWhole(ctx, networkId, at, readPlan(summary, expanded));
    return firstFrame(summary, read, expanded);
  }
}
