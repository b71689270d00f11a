import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { invalid, networkCannotChange, notFound } from '../../../common/errors/app-error';
import { type PageRequest, toPage } from '../../../common/http/pagination';
import type { FieldError } from '../../../common/errors/app-error';
import { InventoryHooks } from '../../inventory';
import { NETWORK_ACCESS, type NetworkAccess, TAG_CATALOG, type TagCatalog, TagHooks } from '../../tenancy';
import {
  DEPENDENCY_REPOSITORY,
  type DependencyFields,
  type DependencyFilter,
  type DependencyRepository,
  type DependencyRow,
} from '../domain/dependency';

export interface DependencyInput extends DependencyFields {
  network_id: string;
}

const MEMBER_FIELD = { Services: 'service_ids', Bindings: 'binding_ids' } as const;

/** The spec's Dependency: members as {type: Services, service_ids} or {type: Bindings, binding_ids}, in order. */
function present(row: DependencyRow) {
  return {
    id: row.id,
    network_id: row.network_id,
    name: row.name,
    description: row.description,
    color: row.color,
    dependency_type: row.dependency_type,
    edge_style: row.edge_style,
    members: { type: row.member_type, [MEMBER_FIELD[row.member_type]]: row.member_ids },
    tags: row.tags,
    source: row.source,
    created_at: row.created_at,
    updated_at: row.updated_at,
    lineage_id: row.lineage_id,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
  };
}

@Injectable()
export class DependenciesService implements OnModuleInit {
  constructor(
    @Inject(DEPENDENCY_REPOSITORY) private readonly dependencies: DependencyRepository,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(TAG_CATALOG) private readonly tags: TagCatalog,
    private readonly hooks: InventoryHooks,
    private readonly tagHooks: TagHooks,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  onModuleInit(): void {
    this.hooks.afterWrite.register((ctx, networkId, at) => this.dropClosedMembers(ctx, networkId, at));
    this.tagHooks.tagDeleted.register((ctx, tagId) => this.dependencies.forgetTag(ctx, tagId));
  }

  async list(ctx: TenantContext, filter: DependencyFilter, page: PageRequest) {
    const { items, total } = await this.dependencies.list(ctx, filter, page);
    return toPage(items.map(present), total, page);
  }

  async get(ctx: TenantContext, id: string, at?: Date) {
    const row = await this.dependencies.find(ctx, id, at);
    if (!row) throw notFound('dependency', id);
    return present(row);
  }

  async history(ctx: TenantContext, id: string) {
    const versions = await this.dependencies.history(ctx, id);
    if (versions.length === 0) throw notFound('dependency', id);
    return versions.map((version) => ({ ...present(version), changed_by: version.changed_by }));
  }

  /** GET /api/v1/services/{id}/dependencies: those the service takes part in, itself or through a binding. */
  async forService(ctx: TenantContext, serviceId: string, page: PageRequest) {
    if (!(await this.dependencies.serviceExists(ctx, serviceId))) throw notFound('service', serviceId);
    return this.list(ctx, { serviceId }, page);
  }

  async create(ctx: TenantContext, input: DependencyInput) {
    await this.networks.requireNetwork(ctx, input.network_id);
    return this.tx.transaction(async () => {
      await this.check(ctx, input.network_id, input);
      const at = await this.dependencies.instant();
      const id = await this.dependencies.create(ctx, input.network_id, fieldsOf(input), at);
      const after = await this.get(ctx, id);
      await this.audit.record(ctx, { ...change(id, input.network_id, 'create', at), after });
      return after;
    });
  }

  /** PUT closes the old version (when anything changed) and writes the new one. */
  async update(ctx: TenantContext, id: string, input: DependencyInput) {
    return this.tx.transaction(async () => {
      const current = await this.dependencies.lock(ctx, id);
      if (!current) throw notFound('dependency', id);
      if (input.network_id !== current.network_id) throw networkCannotChange('dependency');
      await this.check(ctx, current.network_id, input);
      const before = await this.get(ctx, id);
      const at = await this.dependencies.instant();
      await this.dependencies.update(ctx, id, fieldsOf(input), at);
      const after = await this.get(ctx, id);
      await this.audit.record(ctx, { ...change(id, current.network_id, 'update', at), before, after });
      return after;
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const current = await this.dependencies.lock(ctx, id);
      if (!current) throw notFound('dependency', id);
      const before = await this.get(ctx, id);
      const at = await this.dependencies.instant();
      await this.dependencies.close(ctx, [id], at);
      await this.audit.record(ctx, { ...change(id, current.network_id, 'delete', at), before });
    });
  }

  /** After services or bindings closed: members dropped (a new version), and a dependency left with fewer than two closed. */
  private async dropClosedMembers(ctx: TenantContext, networkId: string, at: Date): Promise<void> {
    for (const dependency of await this.dependencies.withClosedMembers(ctx, networkId)) {
      const live = new Set(
        await this.dependencies.liveMembers(ctx, networkId, dependency.member_type, dependency.member_ids),
      );
      const kept = dependency.member_ids.filter((id) => live.has(id));
      // A dependency written concurrently (we waited for its lock) may be younger than this write's instant.
      const when = new Date(Math.max(at.getTime(), dependency.valid_from.getTime()));
      const before = present(dependency);
      if (kept.length < 2) {
        await this.dependencies.close(ctx, [dependency.id], when);
        await this.audit.record(ctx, { ...change(dependency.id, networkId, 'delete', when), before });
      } else {
        await this.dependencies.update(ctx, dependency.id, { ...fieldsOf(dependency), member_ids: kept }, when);
        const after = {
          ...before,
          members: { type: dependency.member_type, [MEMBER_FIELD[dependency.member_type]]: kept },
        };
        await this.audit.record(ctx, { ...change(dependency.id, networkId, 'update', when), before, after });
      }
    }
  }

  /** At least two members, no duplicates, each a live service (or binding) of the network; tags of the organization. */
  private async check(ctx: TenantContext, networkId: string, input: DependencyInput): Promise<void> {
    const field = `members.${MEMBER_FIELD[input.member_type]}`;
    const errors: FieldError[] = [];
    if (input.member_ids.length < 2)
      errors.push({ field, rule: 'min_members', message: 'a dependency needs at least two members' });
    input.member_ids.forEach((id, i) => {
      if (input.member_ids.indexOf(id) !== i)
        errors.push({ field: `${field}[${i}]`, rule: 'unique', message: `${id} is listed twice` });
    });
    const live = new Set(
      await this.dependencies.liveMembers(ctx, networkId, input.member_type, input.member_ids, true),
    );
    input.member_ids.forEach((id, i) => {
      if (!live.has(id))
        errors.push({ field: `${field}[${i}]`, rule: 'exists', message: `${id} is not a live member of this network` });
    });
    if (errors.length > 0) throw invalid(errors);
    await this.tags.requireAll(ctx, input.tags, 'tags');
  }
}

const change = (id: string, networkId: string, action: string, at: Date) => ({
  resourceType: 'dependency',
  resourceId: id,
  action,
  networkId,
  at,
});

const fieldsOf = (input: DependencyFields): DependencyFields => ({
  name: input.name,
  description: input.description,
  color: input.color,
  dependency_type: input.dependency_type,
  edge_style: input.edge_style,
  member_type: input.member_type,
  member_ids: input.member_ids,
  tags: [...new Set(input.tags)],
});
