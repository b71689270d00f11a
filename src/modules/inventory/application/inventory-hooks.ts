import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';

/** Work other modules must do in the same transaction after services or bindings of a network may have closed. */
export type AfterInventoryWrite = (ctx: TenantContext, networkId: string, at: Date) => Promise<void>;

/** Lets modules built on the inventory (dependencies) react to its writes without the inventory knowing them. */
@Injectable()
export class InventoryHooks {
  private readonly afterWrite: AfterInventoryWrite[] = [];

  onAfterWrite(hook: AfterInventoryWrite): void {
    this.afterWrite.push(hook);
  }

  async runAfterWrite(ctx: TenantContext, networkId: string, at: Date): Promise<void> {
    for (const hook of this.afterWrite) await hook(ctx, networkId, at);
  }
}
