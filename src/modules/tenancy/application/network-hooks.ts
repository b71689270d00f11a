import { Injectable } from '@nestjs/common';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { Hook } from '../../../common/hook';

/** Lets modules that keep network ids (auth's API keys) drop them without tenancy writing their tables. */
@Injectable()
export class NetworkHooks {
  /** In the transaction that deletes the network. */
  readonly networkDeleted = new Hook<[ctx: TenantContext, networkId: string]>();
}
