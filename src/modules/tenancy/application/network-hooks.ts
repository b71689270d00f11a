import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';

/** Cleanup another module does on its own tables, inside the transaction that deletes the network. */
export type OnNetworkDeleted = (ctx: TenantContext, networkId: string) => Promise<void>;

/** Lets modules that keep network ids (auth's API keys) drop them without tenancy writing their tables. */
@Injectable()
export class NetworkHooks {
  private readonly onDeleted: OnNetworkDeleted[] = [];

  onNetworkDeleted(hook: OnNetworkDeleted): void {
    this.onDeleted.push(hook);
  }

  async runOnNetworkDeleted(ctx: TenantContext, networkId: string): Promise<void> {
    for (const hook of this.onDeleted) await hook(ctx, networkId);
  }
}
