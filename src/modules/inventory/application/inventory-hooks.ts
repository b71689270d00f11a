import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Hook } from '../../../common/hook';

/** Lets modules built on the inventory (dependencies, credentials) react to its writes without the inventory knowing them. */
@Injectable()
export class InventoryHooks {
  /**
   * After each write of hosts or their children (created, changed or closed at `at`), in its transaction;
   * `hostIds` are the hosts it wrote (a follower reads what changed through them, not the whole network).
   */
  readonly afterWrite = new Hook<[ctx: TenantContext, networkId: string, at: Date, hostIds: readonly string[]]>();
  /** In the transaction that deletes the host. */
  readonly hostDeleted = new Hook<[ctx: TenantContext, hostId: string]>();
}
