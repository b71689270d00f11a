import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { TagHooks } from '../../tenancy';
import { HOST_WRITER, type HostWriter } from '../domain/host-writer';

/** A tag tenancy deletes leaves the services' tag arrays in the same transaction. */
@Injectable()
export class ForgetDeletedTags implements OnModuleInit {
  constructor(
    private readonly hooks: TagHooks,
    @Inject(HOST_WRITER) private readonly hosts: HostWriter,
  ) {}

  onModuleInit(): void {
    this.hooks.tagDeleted.register((ctx, tagId) => this.hosts.forgetTag(ctx, tagId));
  }
}
