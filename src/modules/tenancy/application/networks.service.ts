import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { AppError, notFound } from '../../../common/errors/app-error';
import { PageRequest, toPage } from '../../../common/http/pagination';
import { NETWORK_REPOSITORY, type NetworkInput, type NetworkRepository } from '../domain/network';
import { ORGANIZATION_REPOSITORY, type OrganizationRepository } from '../domain/organization';
import { PLAN_FEATURES } from '../domain/plans';
import { TAG_REPOSITORY, type TagRepository } from '../domain/tag';
import { NetworkHooks } from './network-hooks';

@Injectable()
export class NetworksService {
  constructor(
    @Inject(NETWORK_REPOSITORY) private readonly networks: NetworkRepository,
    @Inject(ORGANIZATION_REPOSITORY) private readonly organizations: OrganizationRepository,
    @Inject(TAG_REPOSITORY) private readonly tags: TagRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    private readonly hooks: NetworkHooks,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async list(ctx: TenantContext, filter: { networkId?: string }, page: PageRequest) {
    const { items, total } = await this.networks.list(ctx, filter, page);
    return toPage(items, total, page);
  }

  async get(ctx: TenantContext, id: string) {
    const network = await this.networks.find(ctx, id);
    if (!network) throw notFound('network', id);
    return network;
  }

  create(ctx: TenantContext, input: NetworkInput) {
    return this.tx.transaction(async () => {
      const org = await this.organizations.get(ctx.organizationId);
      const max = PLAN_FEATURES[org.plan_type].max_networks;
      if (max !== null && (await this.networks.countInOrganization(ctx)) >= max) {
        throw new AppError('plan_limit_reached', `The ${org.plan_type} plan allows ${max} networks`, {
          feature: 'max_networks',
          limit: max,
          plan: org.plan_type,
        });
      }
      await this.checkTags(ctx, input.tags);
      const network = await this.networks.create(ctx, input);
      await this.organizations.addOnboardingStep(ctx.organizationId, 'FirstNetworkCreated');
      await this.audit.record(ctx, { ...change(network.id, 'create'), after: network });
      return network;
    });
  }

  update(ctx: TenantContext, id: string, input: NetworkInput) {
    return this.tx.transaction(async () => {
      await this.checkTags(ctx, input.tags);
      const before = await this.networks.find(ctx, id);
      const network = await this.networks.update(ctx, id, input);
      if (!network) throw notFound('network', id);
      await this.audit.record(ctx, { ...change(id, 'update'), before, after: network });
      return network;
    });
  }

  delete(ctx: TenantContext, id: string): Promise<void> {
    return this.tx.transaction(async () => {
      const before = await this.networks.find(ctx, id);
      if (!(await this.networks.delete(ctx, id))) throw notFound('network', id);
      await this.hooks.networkDeleted.run(ctx, id);
      await this.audit.record(ctx, { ...change(id, 'delete'), before });
    });
  }

  private async checkTags(ctx: TenantContext, tags: string[]): Promise<void> {
    const existing = new Set(await this.tags.existingIds(ctx, tags));
    const unknown = [...new Set(tags)].filter((id) => !existing.has(id));
    if (unknown.length > 0) {
      throw new AppError('validation_failed', `Unknown tag: ${unknown.join(', ')}`, {
        errors: unknown.map((id) => ({ field: 'tags', rule: 'exists', message: `tag ${id} does not exist` })),
      });
    }
  }
}

const change = (id: string, action: string) => ({ resourceType: 'network', resourceId: id, action, networkId: id });
