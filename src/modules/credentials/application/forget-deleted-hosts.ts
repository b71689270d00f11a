import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InventoryHooks } from '../../inventory';
import { CREDENTIAL_REPOSITORY, type CredentialRepository } from '../domain/credential';

/** A host the inventory deletes loses its credential assignments in the same transaction. */
@Injectable()
export class ForgetDeletedHosts implements OnModuleInit {
  constructor(
    private readonly hooks: InventoryHooks,
    @Inject(CREDENTIAL_REPOSITORY) private readonly credentials: CredentialRepository,
  ) {}

  onModuleInit(): void {
    this.hooks.onHostDeleted((ctx, hostId) => this.credentials.forgetHost(ctx, hostId));
  }
}
