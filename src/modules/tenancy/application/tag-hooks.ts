import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Hook } from '../../../common/hook';

/** Lets modules that keep tag ids in arrays (services, credentials, dependencies) drop a deleted tag. */
@Injectable()
export class TagHooks {
  /** In the transaction that deletes the tag. */
  readonly tagDeleted = new Hook<[ctx: TenantContext, tagId: string]>();
}
