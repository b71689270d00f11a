import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Hook } from '../../../common/hook';

/** How a run ended, for modules that follow discovery (events out) without discovery knowing them. */
export interface FinishedRun {
  id: string;
  network_id: string;
  status: 'completed' | 'failed' | 'cancelled';
  hosts_found: number;
  error: string | null;
}

export const finishedRun = (
  run: { id: string; network_id: string },
  status: FinishedRun['status'],
  ended: { hosts_found?: number; error?: string | null } = {},
): FinishedRun => ({
  id: run.id,
  network_id: run.network_id,
  status,
  hosts_found: ended.hosts_found ?? 0,
  error: ended.error ?? null,
});

@Injectable()
export class DiscoveryHooks {
  /** In the transaction that ends the run, whatever ends it: the executor, a user's cancel, the stall watchdog. */
  readonly runFinished = new Hook<[ctx: TenantContext, run: FinishedRun]>();
}
