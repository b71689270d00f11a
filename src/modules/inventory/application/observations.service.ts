import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { invalidField } from '../../../common/errors/app-error';
import { NETWORK_REPOSITORY, type NetworkRepository } from '../../tenancy/domain/network';
import { planIngest } from '../domain/ingest-plan';
import { OBSERVATION_STORE, type ObservationStore, type ObservedHost } from '../domain/observation';
import { InventoryHooks } from './inventory-hooks';
import { requireNetwork } from './network-access';

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
    @Inject(NETWORK_REPOSITORY) private readonly networks: NetworkRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly hooks: InventoryHooks,
  ) {}

  /** Upserts what discovery saw in one network: matched by MAC, then IP; only real changes version. */
  async ingest(ctx: TenantContext, batch: ObservationBatch) {
    if (batch.observed_at.getTime() > Date.now() + CLOCK_SKEW_MS) {
      const message = 'observed_at cannot be in the future';
      throw invalidField('observed_at', 'not_future', message);
    }
    await requireNetwork(this.networks, ctx, batch.network_id);
    const discoveryId = batch.discovery_id ?? randomUUID();
    const plan = await this.tx.transaction(async () => {
      const at = await this.observations.lockNetwork(ctx, batch.network_id);
      const snapshot = await this.observations.snapshot(ctx, batch.network_id);
      const planned = planIngest(snapshot, batch.hosts, randomUUID);
      await this.observations.apply(ctx, batch.network_id, planned, at, { observedAt: batch.observed_at, discoveryId });
      await this.hooks.runAfterWrite(ctx, batch.network_id, at);
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
}
