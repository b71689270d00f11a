import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import { atLeast, canAccessNetwork, TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { invalidField, notFound } from '../../../common/errors/app-error';
import { PageRequest, toPage } from '../../../common/http/pagination';
import { NETWORK_ACCESS, type NetworkAccess, NetworkHooks, OrganizationsService } from '../../tenancy';
import { API_KEY_REPOSITORY, type ApiKey, type ApiKeyFields, type ApiKeyRepository } from '../domain/api-key';
import { digest, newApiKeySecret } from '../domain/secrets';

@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(API_KEY_REPOSITORY) private readonly keys: ApiKeyRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly organizations: OrganizationsService,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    networkHooks: NetworkHooks,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {
    networkHooks.networkDeleted.register((ctx, networkId) => this.keys.removeNetwork(ctx, networkId));
  }

  async list(ctx: TenantContext, page: PageRequest) {
    const { items, total } = await this.keys.list(ctx, page);
    return toPage(items, total, page);
  }

  get(ctx: TenantContext, id: string): Promise<ApiKey> {
    return this.require(ctx, id);
  }

  /** The secret is in this answer and the rotate answer only; the database keeps its SHA-256. */
  async create(ctx: TenantContext, fields: ApiKeyFields): Promise<ApiKey & { key: string }> {
    await this.checkFields(ctx, fields);
    const key = newApiKeySecret();
    return this.tx.transaction(async () => {
      const record = await this.keys.create(ctx, fields, digest(key));
      await this.organizations.recordMilestone(ctx, 'FirstApiKeyCreated');
      await this.audit.record(ctx, { ...change(record.id, 'create'), after: record });
      return { ...record, key };
    });
  }

  async update(ctx: TenantContext, id: string, changes: Partial<ApiKeyFields>): Promise<ApiKey> {
    await this.checkFields(ctx, changes);
    return this.tx.transaction(async () => {
      const current = await this.require(ctx, id);
      const fields: ApiKeyFields = {
        name: changes.name ?? current.name,
        permissions: changes.permissions ?? current.permissions,
        network_ids: changes.network_ids === undefined ? current.network_ids : changes.network_ids,
        expires_at: changes.expires_at === undefined ? current.expires_at : changes.expires_at,
        is_enabled: changes.is_enabled ?? current.is_enabled,
      };
      const updated = await this.keys.update(ctx, id, fields);
      if (!updated) throw notFound('api_key', id);
      await this.audit.record(ctx, { ...change(id, 'update'), before: current, after: updated });
      return updated;
    });
  }

  async rotate(ctx: TenantContext, id: string): Promise<ApiKey & { key: string }> {
    const key = newApiKeySecret();
    return this.tx.transaction(async () => {
      const record = await this.keys.replaceSecret(ctx, id, digest(key));
      if (!record) throw notFound('api_key', id);
      // The new secret shows as a changed field, redacted.
      await this.audit.record(ctx, { ...change(id, 'rotate'), after: { key: true } });
      return { ...record, key };
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const before = await this.keys.find(ctx, id);
      if (!before || !(await this.keys.delete(ctx, id))) throw notFound('api_key', id);
      await this.audit.record(ctx, { ...change(id, 'delete'), before });
    });
  }

  private async require(ctx: TenantContext, id: string): Promise<ApiKey> {
    const key = await this.keys.find(ctx, id);
    if (!key) throw notFound('api_key', id);
    return key;
  }

  /** A key never exceeds its owner: permissions at most the owner's role, networks a subset of the owner's. */
  private async checkFields(ctx: TenantContext, fields: Partial<ApiKeyFields>): Promise<void> {
    if (fields.permissions && !atLeast(ctx.role, fields.permissions)) {
      throw invalidField('permissions', 'max_role', `permissions cannot exceed your role (${ctx.role})`);
    }
    const requested = [...new Set(fields.network_ids ?? [])];
    const existing = new Set(await this.networks.existingIds(ctx, requested));
    const outside = requested.filter((id) => !existing.has(id) || !canAccessNetwork(ctx, id));
    if (outside.length > 0)
      throw invalidField('network_ids', 'subset', `networks you cannot access: ${outside.join(', ')}`);
    if (fields.expires_at && fields.expires_at.getTime() <= Date.now()) {
      throw invalidField('expires_at', 'future', 'expires_at must be in the future');
    }
  }
}

const change = (id: string, action: string) => ({ resourceType: 'api_key', resourceId: id, action, networkId: null });
