import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
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
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
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
      await this.audit.record(ctx, { ...change(networkId, 'positions.merge'), after: { view, positions } });
      return { positions: await this.positions.forView(ctx, networkId, view) };
    });
  }

  async reset(ctx: TenantContext, networkId: string, view: View): Promise<void> {
    await this.networks.requireNetwork(ctx, networkId);
    await this.tx.transaction(async () => {
      await this.positions.reset(ctx, networkId, view);
      await this.audit.record(ctx, { ...change(networkId, 'positions.reset'), after: { view } });
    });
  }
}

/** A layout belongs to a view of a network: recorded on the network. */
const change = (networkId: string, action: string) => ({
  resourceType: 'topology_positions',
  resourceId: networkId,
  action,
  networkId,
});
