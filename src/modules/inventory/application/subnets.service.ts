import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { AppError, invalidField, networkCannotChange, notFound } from '../../../common/errors/app-error';
import { PageRequest, toPage } from '../../../common/http/pagination';
import { NETWORK_ACCESS, type NetworkAccess } from '../../tenancy';
import { canonicalCidr } from '../../../common/net/cidr';
import { type Subnet, SUBNET_REPOSITORY, type SubnetRepository } from '../domain/subnet';

export interface SubnetInput {
  network_id: string;
  cidr: string;
  name?: string | null;
  description?: string | null;
}

@Injectable()
export class SubnetsService {
  constructor(
    @Inject(SUBNET_REPOSITORY) private readonly subnets: SubnetRepository,
    @Inject(NETWORK_ACCESS) private readonly networks: NetworkAccess,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async list(ctx: TenantContext, filter: { networkId?: string; at?: Date }, page: PageRequest) {
    const { items, total } = await this.subnets.list(ctx, filter, page);
    return toPage(items, total, page);
  }

  /** The CIDRs of a network's live subnets (discovery targets must lie inside them). */
  async liveCidrs(ctx: TenantContext, networkId: string): Promise<string[]> {
    const { items } = await this.subnets.list(ctx, { networkId }, { limit: 0, offset: 0 });
    return items.map((s) => s.cidr);
  }

  async get(ctx: TenantContext, id: string, at?: Date): Promise<Subnet> {
    const [subnet] = await this.subnets.find(ctx, [id], at);
    if (!subnet) throw notFound('subnet', id);
    return subnet;
  }

  async history(ctx: TenantContext, id: string): Promise<Subnet[]> {
    const versions = await this.subnets.history(ctx, id);
    if (versions.length === 0) throw notFound('subnet', id);
    return versions;
  }

  /** Writers of one subnet queue on its row lock; the write instant is taken after it. */
  private async lock(ctx: TenantContext, id: string): Promise<Subnet> {
    const subnet = await this.subnets.lock(ctx, id);
    if (!subnet) throw notFound('subnet', id);
    return subnet;
  }

  async create(ctx: TenantContext, input: SubnetInput): Promise<Subnet> {
    await this.networks.requireNetwork(ctx, input.network_id);
    return this.tx.transaction(async () => {
      const subnet = await this.subnets.create(ctx, input.network_id, fieldsOf(input));
      await this.audit.record(ctx, { ...change(subnet, 'create', subnet.updated_at), after: subnet });
      return subnet;
    });
  }

  async update(ctx: TenantContext, id: string, input: SubnetInput): Promise<Subnet> {
    return this.tx.transaction(async () => {
      const current = await this.lock(ctx, id);
      if (input.network_id !== current.network_id) throw networkCannotChange('subnet');
      const at = await this.subnets.update(ctx, id, fieldsOf(input));
      const updated = await this.get(ctx, id);
      await this.audit.record(ctx, { ...change(updated, 'update', at), before: current, after: updated });
      return updated;
    });
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const current = await this.lock(ctx, id);
      if (await this.subnets.inUse(ctx, id)) {
        throw new AppError('entity_conflict', 'The subnet still holds IP addresses of live hosts', {
          field: 'id',
          reason: 'in_use',
        });
      }
      const at = await this.subnets.close(ctx, id);
      await this.audit.record(ctx, { ...change(current, 'delete', at), before: current });
    });
  }
}

const change = (subnet: Subnet, action: string, at: Date) => ({
  resourceType: 'subnet',
  resourceId: subnet.id,
  action,
  networkId: subnet.network_id,
  at,
});

function fieldsOf(input: SubnetInput) {
  const cidr = canonicalCidr(input.cidr);
  if (!cidr) {
    const message = 'cidr must be a network address with a prefix length, such as 192.168.1.0/24 or 2001:db8::/64';
    throw invalidField('cidr', 'cidr', message);
  }
  return { cidr, name: input.name ?? '', description: input.description ?? '' };
}
