import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Hook } from '../../../common/hook';

/** Lets modules built on the inventory (dependencies, credentials) react to its writes without the inventory knowing them. */
@Injectable()
export class InventoryHooks {
  /** After a write in which services, bindings or addresses of the network may have closed. */
  readonly afterWrite = new Hook<[ctx: TenantContext, networkId: string, at: Date]>();
  /** In the transaction that deletes the host. */
  readonly hostDeleted = new Hook<[ctx: TenantContext, hostId: string]>();
}
