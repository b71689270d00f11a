import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Hook } from '../../../common/hook';

/** How a run ended, for modules that follow discovery (events out) without discovery knowing them. */
export interface FinishedRun {
  id: string;
  network_id: string;
  status: 'completed' | 'failed';
  hosts_found: number;
  error: string | null;
}

@Injectable()
export class DiscoveryHooks {
  /** In the transaction that finishes the run. */
  readonly runFinished = new Hook<[ctx: TenantContext, run: FinishedRun]>();
}
