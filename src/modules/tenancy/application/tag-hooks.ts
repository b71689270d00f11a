import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';

/** Cleanup another module does on its own tables, inside the transaction that deletes the tag. */
export type OnTagDeleted = (ctx: TenantContext, tagId: string) => Promise<void>;

/** Lets modules that keep tag ids in arrays (services, credentials, dependencies) drop a deleted tag. */
@Injectable()
export class TagHooks {
  private readonly onDeleted: OnTagDeleted[] = [];

  onTagDeleted(hook: OnTagDeleted): void {
    this.onDeleted.push(hook);
  }

  async runOnTagDeleted(ctx: TenantContext, tagId: string): Promise<void> {
    for (const hook of this.onDeleted) await hook(ctx, tagId);
  }
}
