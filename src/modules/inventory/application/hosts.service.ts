import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { networkCannotChange, notFound } from '../../../common/errors/app-error';
import { macVendor } from '../../../common/net/mac-vendor';
import { JsonTextPage } from '../../../common/http/json-text-page';
import { pagination } from '../../../common/http/pagination';
import { StreamedPage } from '../../../common/http/streamed-page';
import { NETWORK_ACCESS, type NetworkAccess, OrganizationsService, TAG_CATALOG, type TagCatalog } from '../../tenancy';
import type { HostDraft } from '../domain/host';
import { HOST_READER, type HostQuery, type HostReader } from '../domain/host-reader';
import { HOST_WRITER, type HostWriter } from '../domain/host-writer';
import { requestedIdentity } from '../domain/identity/requested-identity';
import { validateDraft } from './host-validation';
import { InventoryHooks } from './inventory-hooks';

@Injectable()
export class HostsService {
  constructor(
    @Inject(HOST_READER) private readonly reader: HostReader,
    @Inject(HOST_WRITER) private readonly writer: HostWriter,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(TAG_CATALOG) private readonly tags: TagCatalog,
    private readonly organizations: OrganizationsService,
    private readonly hooks: InventoryHooks,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  /** A page; the whole list (limit 0) is streamed, so that no process holds all of it. */
  async list(ctx: TenantContext, query: HostQuery) {
    if (query.limit === 0) return this.streamAll(ctx, query);
    const { hostsJson, total, groupCounts } = await this.reader.list(ctx, query);
    // One statement read the hosts and their total, so the page holds what is left after the offset.
    const count = Math.max(0, Math.min(query.limit, total - query.offset));
    return new JsonTextPage(hostsJson, pagination(count, total, query, groupCounts && { group_counts: groupCounts }));
  }

  private streamAll(ctx: TenantContext, query: HostQuery) {
    return new StreamedPage(async (items) => {
      const { count, total, groupCounts } = await this.reader.stream(ctx, query, items);
      return pagination(count, total, query, groupCounts && { group_counts: groupCounts });
    });
  }

  /** One host, live or as of `at`, with its children. */
  async get(ctx: TenantContext, id: string, at?: Date) {
    const { hostsJson } = await this.reader.list(ctx, {
      ids: [id],
      at,
      limit: 1,
      offset: 0,
      orderDirection: 'asc',
      includeChildren: true,
    });
    const [host] = JSON.parse(hostsJson) as Record<string, unknown>[];
    if (!host) throw notFound('host', id);
    return host;
  }

  async history(ctx: TenantContext, id: string) {
    const versions = await this.reader.history(ctx, id);
    if (versions.length === 0) throw notFound('host', id);
    return versions;
  }

  async create(ctx: TenantContext, draft: HostDraft) {
    await this.networks.requireNetwork(ctx, draft.network_id);
    const id = randomUUID();
    return this.tx.transaction(async () => {
      await this.checkReferences(ctx, id, draft);
      const at = await this.writer.instant();
      await this.writer.create(ctx, id, draft, requestedIdentity(draft, {}, macVendor), at);
      await this.hooks.afterWrite.run(ctx, draft.network_id, at, [id]);
      await this.organizations.recordMilestone(ctx, 'FirstHostCreated');
      const after = await this.get(ctx, id);
      await this.audit.record(ctx, { ...this.change(id, draft.network_id, 'create', at), after });
      return after;
    });
  }

  /** PUT replaces the host and the sets of its children (matched by id). Writers of one host queue on its row lock. */
  async replace(ctx: TenantContext, id: string, draft: HostDraft) {
    return this.tx.transaction(async () => {
      const current = await this.writer.lock(ctx, id);
      if (!current) throw notFound('host', id);
      if (current.network_id !== draft.network_id) throw networkCannotChange('host');
      await this.checkReferences(ctx, id, draft);
      const before = await this.get(ctx, id);
      const at = await this.writer.instant();
      await this.writer.replace(ctx, id, draft, requestedIdentity(draft, current, macVendor), at);
      await this.hooks.afterWrite.run(ctx, draft.network_id, at, [id]);
      const after = await this.get(ctx, id);
      await this.audit.record(ctx, { ...this.change(id, draft.network_id, 'update', at), before, after });
      return after;
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const host = await this.writer.lock(ctx, id);
      if (!host) throw notFound('host', id);
      const before = await this.get(ctx, id);
      const at = await this.writer.instant();
      await this.writer.close(ctx, id, at);
      await this.hooks.hostDeleted.run(ctx, id);
      await this.hooks.afterWrite.run(ctx, host.network_id, at, [id]);
      await this.audit.record(ctx, { ...this.change(id, host.network_id, 'delete', at), before });
    });
  }

  private change(id: string, networkId: string, action: string, at: Date) {
    return { resourceType: 'host', resourceId: id, action, networkId, at };
  }

  private async checkReferences(ctx: TenantContext, id: string, draft: HostDraft) {
    await this.tags.requireAll(ctx, draft.tags, 'tags');
    await this.tags.requireAll(
      ctx,
      draft.services.flatMap((s) => s.tags),
      'services.tags',
    );
    await validateDraft(this.writer, ctx, id, draft);
  }
}
