import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { invalidField, notFound } from '../../../common/errors/app-error';
import { macVendor } from '../../../common/net/mac-vendor';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import { planIngest } from '../domain/ingest-plan';
import { lookupKeys } from '../domain/links/lookup-keys';
import { OBSERVATION_STORE, type ObservationStore, type ObservedHost } from '../domain/observation';
import { InventoryHooks } from './inventory-hooks';

/** Clocks of scanners and server may disagree a little. */
const CLOCK_SKEW_MS = 60_000;

export interface ObservationBatch {
  network_id: string;
  observed_at: Date;
  discovery_id?: string;
  hosts: ObservedHost[];
}

@Injectable()
export class ObservationsService {
  constructor(
    @Inject(OBSERVATION_STORE) private readonly observations: ObservationStore,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly hooks: InventoryHooks,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  /** Upserts what discovery saw in one network: matched by MAC, then IP; only real changes version. */
  async ingest(ctx: TenantContext, batch: ObservationBatch) {
    if (batch.observed_at.getTime() > Date.now() + CLOCK_SKEW_MS) {
      const message = 'observed_at cannot be in the future';
      throw invalidField('observed_at', 'not_future', message);
    }
    await this.networks.requireNetwork(ctx, batch.network_id);
    if (batch.discovery_id) await this.requireOwnRun(ctx, batch.network_id, batch.discovery_id);
    const discoveryId = batch.discovery_id ?? randomUUID();
    const plan = await this.tx.transaction(async () => {
      const at = await this.observations.lockNetwork(ctx, batch.network_id);
      const snapshot = await this.observations.snapshot(ctx, batch.network_id, lookupKeys(batch.hosts));
      const planned = planIngest(snapshot, batch.hosts, randomUUID, macVendor);
      await this.observations.apply(ctx, batch.network_id, planned, at, { observedAt: batch.observed_at, discoveryId });
      await this.hooks.afterWrite.run(
        ctx,
        batch.network_id,
        at,
        planned.outcome.map((o) => o.id),
      );
      // One event per batch, not per host: docs/audit.md (a host's history finds it by network and instant).
      const [created, updated] = [planned.outcome.filter((o) => o.created), planned.outcome.filter((o) => !o.created)];
      await this.audit.record(ctx, {
        resourceType: 'network',
        resourceId: batch.network_id,
        action: 'observations.ingest',
        networkId: batch.network_id,
        at,
        after: {
          discovery_id: discoveryId,
          hosts_created: created.map((o) => o.id),
          hosts_updated: updated.map((o) => o.id),
        },
      });
      return planned;
    });
    return {
      discovery_id: discoveryId,
      hosts_created: plan.outcome.filter((o) => o.created).length,
      hosts_updated: plan.outcome.filter((o) => !o.created).length,
      host_ids: plan.outcome.map((o) => o.id),
      diagnostics: plan.diagnostics,
    };
  }

  /**
   * A discovery_id may be any id of the client's (an external scanner's run) or a run of this network.
   * A run of another organization, or of a network the caller cannot access, is 404 "discovery run not
   * found" like any foreign id; a run of another network the caller can access is 400 (results stay in the
   * run's network, as network-level entities do). docs/inventory.md "Observations".
   */
  private async requireOwnRun(ctx: TenantContext, networkId: string, discoveryId: string): Promise<void> {
    const run = await this.observations.findRun(discoveryId);
    if (!run || (run.networkId === networkId && run.organizationId === ctx.organizationId)) return;
    if (run.organizationId !== ctx.organizationId) throw notFound('discovery run', discoveryId);
    try {
      await this.networks.requireNetwork(ctx, run.networkId);
    } catch {
      throw notFound('discovery run', discoveryId);
    }
    throw invalidField('discovery_id', 'sameNetwork', 'discovery_id is a run of another network than network_id');
  }
}
