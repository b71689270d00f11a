import { Inject, Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import type { TransactionRunner } from '../../../common/database/database';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import type { View } from '../domain/graph';
import type { Positions } from '../domain/positions';
import { POSITIONS_STORE, type PositionsStore } from '../domain/positions-store.port';

/** The saved layout of a view of a network: read with the graph, merged by PUT, reset by DELETE. */
@Injectable()
export class PositionsService {
  constructor(
    @Inject(POSITIONS_STORE) private readonly positions: PositionsStore,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
  ) {}

  /** Merges `positions` into the view's layout in one transaction; answers the whole layout. */
  async merge(
    ctx: TenantContext,
    networkId: string,
    view: View,
    positions: Positions,
  ): Promise<{ positions: Positions }> {
    await this.networks.requireNetwork(ctx, networkId);
    return this.tx.transaction(async () => {
      await this.positions.merge(ctx, networkId, view, positions);
      return { positions: await this.positions.forView(ctx, networkId, view) };
    });
  }

  async reset(ctx: TenantContext, networkId: string, view: View): Promise<void> {
    await this.networks.requireNetwork(ctx, networkId);
    await this.positions.reset(ctx, networkId, view);
  }
}
