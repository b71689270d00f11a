import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InventoryHooks } from '../../inventory';
import { TagHooks } from '../../tenancy';
import { CREDENTIAL_REPOSITORY, type CredentialRepository } from '../domain/credential';

/**
 * Keeps assignments and tags true to what the inventory and tenancy delete, in their transaction: a
 * deleted host loses its assignments, a closed address leaves the assignments that named it, a deleted
 * tag leaves the credentials' tags.
 */
@Injectable()
export class FollowInventoryAndTags implements OnModuleInit {
  constructor(
    private readonly inventory: InventoryHooks,
    private readonly tags: TagHooks,
    @Inject(CREDENTIAL_REPOSITORY) private readonly credentials: CredentialRepository,
  ) {}

  onModuleInit(): void {
    this.inventory.hostDeleted.register((ctx, hostId) => this.credentials.forgetHost(ctx, hostId));
    this.inventory.afterWrite.register((ctx, networkId) => this.credentials.forgetClosedAddresses(ctx, networkId));
    this.tags.tagDeleted.register((ctx, tagId) => this.credentials.forgetTag(ctx, tagId));
  }
}
