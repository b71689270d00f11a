import { Inject, Injectable } from '@nestjs/common';
import type { TransactionRunner } from '../../../common/database/database';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { invalid, notFound } from '../../../common/errors/app-error';
import { PageRequest, toPage } from '../../../common/http/pagination';
import type { FieldError } from '../../../common/errors/app-error';
import { type Color, type Tag, TAG_REPOSITORY, type TagRepository } from '../domain/tag';
import type { TagCatalog } from '../domain/tag-catalog.port';
import { TagHooks } from './tag-hooks';

export interface TagInput {
  name: string;
  color?: Color;
}

@Injectable()
export class TagsService implements TagCatalog {
  constructor(
    @Inject(TAG_REPOSITORY) private readonly tags: TagRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly hooks: TagHooks,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async list(ctx: TenantContext, page: PageRequest) {
    const { items, total } = await this.tags.list(ctx, page);
    return toPage(items, total, page);
  }

  async get(ctx: TenantContext, id: string): Promise<Tag> {
    const tag = await this.tags.find(ctx, id);
    if (!tag) throw notFound('tag', id);
    return tag;
  }

  create(ctx: TenantContext, input: TagInput): Promise<Tag> {
    return this.tx.transaction(async () => {
      const tag = await this.tags.create(ctx, { name: input.name, color: input.color ?? 'Gray' });
      await this.audit.record(ctx, { ...change(tag.id, 'create'), after: tag });
      return tag;
    });
  }

  update(ctx: TenantContext, id: string, input: TagInput): Promise<Tag> {
    return this.tx.transaction(async () => {
      const before = await this.tags.find(ctx, id);
      const tag = await this.tags.update(ctx, id, { name: input.name, color: input.color ?? 'Gray' });
      if (!tag) throw notFound('tag', id);
      await this.audit.record(ctx, { ...change(id, 'update'), before, after: tag });
      return tag;
    });
  }

  /** Host and network tags go with it (foreign keys); the modules that keep tag arrays drop it through TagHooks. */
  delete(ctx: TenantContext, id: string): Promise<void> {
    return this.tx.transaction(async () => {
      const before = await this.tags.find(ctx, id);
      if (!(await this.tags.delete(ctx, id))) throw notFound('tag', id);
      await this.hooks.tagDeleted.run(ctx, id);
      await this.audit.record(ctx, { ...change(id, 'delete'), before });
    });
  }

  async unknownTags(ctx: TenantContext, ids: readonly string[], field: string): Promise<FieldError[]> {
    const existing = new Set(await this.tags.existingIds(ctx, ids));
    return [...new Set(ids)]
      .filter((id) => !existing.has(id))
      .map((id) => ({ field, rule: 'exists', message: `tag ${id} does not exist` }));
  }

  async requireAll(ctx: TenantContext, ids: readonly string[], field: string): Promise<void> {
    const errors = await this.unknownTags(ctx, ids, field);
    if (errors.length > 0) throw invalid(errors);
  }
}

const change = (id: string, action: string) => ({ resourceType: 'tag', resourceId: id, action, networkId: null });
