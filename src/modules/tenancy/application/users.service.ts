import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import { atLeast, Role, TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import { AppError, notFound } from '../../../common/errors/app-error';
import { PageRequest, toPage } from '../../../common/http/pagination';
import { NETWORK_REPOSITORY, type NetworkRepository } from '../domain/network';
import { type User, USER_REPOSITORY, type UserRepository } from '../domain/user';
import { hashPassword } from '../../../common/crypto/passwords';
import { presentUser } from './user.presenter';

export interface UserInput {
  email: string;
  name: string;
  role: Role;
  network_ids?: string[];
  password: string;
}

export type UserUpdate = Partial<UserInput>;

@Injectable()
export class UsersService {
  constructor(
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(NETWORK_REPOSITORY) private readonly networks: NetworkRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  async list(ctx: TenantContext, page: PageRequest) {
    const { items, total } = await this.users.list(ctx, page);
    return toPage(items.map(presentUser), total, page);
  }

  async get(ctx: TenantContext, id: string) {
    return presentUser(await this.require(ctx, id));
  }

  async create(ctx: TenantContext, input: UserInput) {
    this.assertCanGrant(ctx, input.role);
    const networkIds = await this.checkNetworks(ctx, input.network_ids ?? []);
    const passwordHash = await hashPassword(input.password);
    return this.tx.transaction(async () => {
      const user = presentUser(
        await this.users.create({
          organizationId: ctx.organizationId,
          email: input.email,
          name: input.name,
          role: input.role,
          passwordHash,
          networkIds,
        }),
      );
      await this.audit.record(ctx, { ...change(user.id, 'create'), after: user });
      return user;
    });
  }

  async update(ctx: TenantContext, id: string, input: UserUpdate) {
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const user = await this.tx.transaction(async () => {
      const current = await this.require(ctx, id);
      this.assertCanManage(ctx, current);
      if (input.role !== undefined) {
        this.assertCanGrant(ctx, input.role);
        if (current.role === 'Owner' && input.role !== 'Owner') await this.assertNotLastOwner(ctx);
      }
      const networkIds = input.network_ids === undefined ? undefined : await this.checkNetworks(ctx, input.network_ids);
      const updated = await this.users.update(ctx, id, {
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash,
        networkIds,
      });
      if (!updated) throw notFound('user', id);
      const after = presentUser(updated);
      // A new password shows as a changed (redacted) field, never as its hash.
      const password = passwordHash === undefined ? {} : { password: true };
      await this.audit.record(ctx, {
        ...change(id, 'update'),
        before: presentUser(current),
        after: { ...after, ...password },
      });
      return after;
    });
    return user;
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.tx.transaction(async () => {
      const current = await this.require(ctx, id);
      this.assertCanManage(ctx, current);
      if (current.role === 'Owner') await this.assertNotLastOwner(ctx);
      await this.users.delete(ctx, id);
      await this.audit.record(ctx, { ...change(id, 'delete'), before: presentUser(current) });
    });
  }

  private async require(ctx: TenantContext, id: string): Promise<User> {
    const user = await this.users.find(ctx, id);
    if (!user) throw notFound('user', id);
    return user;
  }

  private assertCanGrant(ctx: TenantContext, role: Role): void {
    if (!atLeast(ctx.role, role)) {
      throw new AppError('auth_permission_denied', `Only a ${role} or higher can grant the ${role} role`, {
        required_role: role,
      });
    }
  }

  /** Nobody changes or removes a user whose role is above their own. */
  private assertCanManage(ctx: TenantContext, target: User): void {
    this.assertCanGrant(ctx, target.role);
  }

  private async assertNotLastOwner(ctx: TenantContext): Promise<void> {
    if ((await this.users.countOwners(ctx)) <= 1) {
      throw new AppError('entity_conflict', 'The last Owner of an organization cannot be removed or demoted', {
        field: 'role',
        reason: 'last_owner',
      });
    }
  }

  /** Grants must name networks of the caller's organization: any other id is a 400 naming it. */
  private async checkNetworks(ctx: TenantContext, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const existing = new Set(await this.networks.existingIds(ctx, unique));
    const unknown = unique.filter((id) => !existing.has(id));
    if (unknown.length > 0) {
      throw new AppError('validation_failed', `Unknown network: ${unknown.join(', ')}`, {
        errors: unknown.map((id) => ({
          field: 'network_ids',
          rule: 'exists',
          message: `network ${id} does not exist`,
        })),
      });
    }
    return unique;
  }
}

const change = (id: string, action: string) => ({ resourceType: 'user', resourceId: id, action, networkId: null });
