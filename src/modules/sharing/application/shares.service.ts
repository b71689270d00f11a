import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { AppError, networkCannotChange, notFound } from '../../../common/errors/app-error';
import { type PageRequest, toPage } from '../../../common/http/pagination';
import {
  NETWORK_ACCESS,
  type NetworkAccess,
  ORGANIZATION_REPOSITORY,
  type OrganizationRepository,
  OrganizationsService,
  PLAN_FEATURES,
} from '../../tenancy';
import { hashPassword } from '../../../common/crypto/passwords';
import type { View } from '../../topology';
import {
  DEFAULT_OPTIONS,
  DEFAULT_VIEWS,
  SHARE_REPOSITORY,
  type ShareOptions,
  type ShareRepository,
  type ShareRow,
} from '../domain/share';

export interface ShareInput {
  network_id: string;
  name: string;
  is_enabled?: boolean;
  expires_at?: Date | null;
  allowed_domains?: string[] | null;
  /** Write-only: a string sets it, null removes it, absent keeps it (PUT). */
  password?: string | null;
  enabled_views?: View[];
  options?: Partial<ShareOptions>;
}

/** Never the password or its hash: whether there is one. */
export function presentShare(share: ShareRow) {
  return {
    id: share.id,
    network_id: share.network_id,
    name: share.name,
    is_enabled: share.is_enabled,
    expires_at: share.expires_at,
    allowed_domains: share.allowed_domains,
    requires_password: share.password_hash !== null,
    enabled_views: share.enabled_views,
    options: share.options,
    created_at: share.created_at,
    updated_at: share.updated_at,
  };
}

@Injectable()
export class SharesService {
  constructor(
    @Inject(SHARE_REPOSITORY) private readonly shares: ShareRepository,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(ORGANIZATION_REPOSITORY) private readonly organizationsRepo: OrganizationRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly organizations: OrganizationsService,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const { items, total } = await this.shares.list(ctx, filter, page);
    return toPage(items.map(presentShare), total, page);
  }

  async get(ctx: TenantContext, id: string) {
    return presentShare(await this.require(ctx, id));
  }

  async create(ctx: TenantContext, input: ShareInput) {
    await this.networks.requireNetwork(ctx, input.network_id);
    const org = await this.organizationsRepo.get(ctx.organizationId);
    if (!PLAN_FEATURES[org.plan_type].share_views) {
      throw new AppError('plan_limit_reached', `The ${org.plan_type} plan has no shared views`, {
        feature: 'share_views',
        plan: org.plan_type,
      });
    }
    const fields = {
      name: input.name,
      is_enabled: input.is_enabled ?? true,
      expires_at: input.expires_at ?? null,
      allowed_domains: normalizeDomains(input.allowed_domains),
      password_hash: input.password ? await hashPassword(input.password) : null,
      enabled_views: [...new Set(input.enabled_views ?? DEFAULT_VIEWS)],
      options: { ...DEFAULT_OPTIONS, ...input.options },
    };
    const share = await this.tx.transaction(async () => {
      const created = await this.shares.create(ctx, input.network_id, fields);
      await this.organizations.recordMilestone(ctx, 'FirstShareCreated');
      // The stored row: its password hash shows as a redacted field.
      await this.audit.record(ctx, { ...change(created, 'create'), after: created });
      return created;
    });
    return presentShare(share);
  }

  async update(ctx: TenantContext, id: string, input: ShareInput) {
    const current = await this.require(ctx, id);
    if (input.network_id !== current.network_id) throw networkCannotChange('share');
    const passwordHash =
      input.password === undefined
        ? current.password_hash
        : input.password === null
          ? null
          : await hashPassword(input.password);
    const updated = await this.tx.transaction(async () => {
      const row = await this.shares.update(ctx, id, {
        name: input.name,
        is_enabled: input.is_enabled ?? current.is_enabled,
        expires_at: input.expires_at === undefined ? current.expires_at : input.expires_at,
        allowed_domains:
          input.allowed_domains === undefined ? current.allowed_domains : normalizeDomains(input.allowed_domains),
        password_hash: passwordHash,
        enabled_views: input.enabled_views ? [...new Set(input.enabled_views)] : current.enabled_views,
        options: { ...current.options, ...input.options },
      });
      if (!row) throw notFound('share', id);
      await this.audit.record(ctx, { ...change(row, 'update'), before: current, after: row });
      return row;
    });
    return presentShare(updated);
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const current = await this.shares.find(ctx, id);
      if (!current || !(await this.shares.delete(ctx, id))) throw notFound('share', id);
      await this.audit.record(ctx, { ...change(current, 'delete'), before: current });
    });
  }

  private async require(ctx: TenantContext, id: string): Promise<ShareRow> {
    const share = await this.shares.find(ctx, id);
    if (!share) throw notFound('share', id);
    return share;
  }
}

const normalizeDomains = (domains: string[] | null | undefined): string[] | null =>
  domains && domains.length > 0 ? [...new Set(domains.map((d) => d.trim().toLowerCase()))] : null;

const change = (share: ShareRow, action: string) => ({
  resourceType: 'share',
  resourceId: share.id,
  action,
  networkId: share.network_id,
});
