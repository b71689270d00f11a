import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';

/** Work other modules must do in the same transaction after services or bindings of a network may have closed. */
export type AfterInventoryWrite = (ctx: TenantContext, networkId: string, at: Date) => Promise<void>;

/** Cleanup another module does on its own tables, in the transaction that deletes the host. */
export type OnHostDeleted = (ctx: TenantContext, hostId: string) => Promise<void>;

/** Lets modules built on the inventory (dependencies, credentials) react to its writes without the inventory knowing them. */
@Injectable()
export class InventoryHooks {
  private readonly afterWrite: AfterInventoryWrite[] = [];
  private readonly onDeleted: OnHostDeleted[] = [];

  onAfterWrite(hook: AfterInventoryWrite): void {
    this.afterWrite.push(hook);
  }

  onHostDeleted(hook: OnHostDeleted): void {
    this.onDeleted.push(hook);
  }

  async runOnHostDeleted(ctx: TenantContext, hostId: string): Promise<void> {
    for (const hook of this.onDeleted) await hook(ctx, hostId);
  }

  async runAfterWrite(ctx: TenantContext, networkId: string, at: Date): Promise<void> {
    for (const hook of this.afterWrite) await hook(ctx, networkId, at);
  }
}
