import { Inject, Injectable } from '@nestjs/common';
import { AUDIT_TRAIL, type AuditTrail } from '../../../common/audit/audit-trail';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { TRANSACTION_RUNNER } from '../../../common/database/database.module';
import type { TransactionRunner } from '../../../common/database/database';
import type { OnboardingStep } from '../domain/onboarding';
import { ORGANIZATION_REPOSITORY, type OrganizationRepository } from '../domain/organization';
import { isDowngrade, PlanType } from '../domain/plans';
import { type User, USER_REPOSITORY, type UserRepository } from '../domain/user';
import { presentOrganization } from './organization.presenter';
import { hashPassword } from '../../../common/crypto/passwords';

export interface Registration {
  email: string;
  password: string;
  name: string;
  organization_name: string;
  use_case?: string | null;
}

@Injectable()
export class OrganizationsService {
  constructor(
    @Inject(ORGANIZATION_REPOSITORY) private readonly organizations: OrganizationRepository,
    @Inject(USER_REPOSITORY) private readonly users: UserRepository,
    @Inject(TRANSACTION_RUNNER) private readonly tx: TransactionRunner,
    @Inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
  ) {}

  /** A new organization (onboarding OrgCreated) and its Owner, atomically. */
  async register(input: Registration, plan: PlanType): Promise<User> {
    const passwordHash = await hashPassword(input.password);
    return this.tx.transaction(async () => {
      const org = await this.organizations.create({
        name: input.organization_name,
        useCase: input.use_case ?? null,
        planType: plan,
      });
      const owner = await this.users.create({
        organizationId: org.id,
        email: input.email,
        name: input.name,
        role: 'Owner',
        passwordHash,
        networkIds: [],
      });
      // Registration has no caller yet: the new Owner is its actor.
      const ctx: TenantContext = {
        organizationId: org.id,
        userId: owner.id,
        role: 'Owner',
        networkIds: 'all',
        via: 'session',
      };
      await this.audit.record(ctx, {
        ...change(org.id, 'create'),
        after: { name: input.organization_name, plan_type: plan, owner_id: owner.id },
      });
      return owner;
    });
  }

  async get(ctx: TenantContext) {
    return presentOrganization(await this.organizations.get(ctx.organizationId));
  }

  async changePlan(ctx: TenantContext, plan: PlanType) {
    await this.tx.transaction(async () => {
      const current = await this.organizations.get(ctx.organizationId);
      if (current.plan_type === plan) return;
      await this.organizations.setPlan(
        ctx.organizationId,
        plan,
        isDowngrade(current.plan_type, plan) ? current.plan_type : null,
      );
      await this.audit.record(ctx, {
        ...change(ctx.organizationId, 'update'),
        before: { plan_type: current.plan_type },
        after: { plan_type: plan },
      });
    });
    return this.get(ctx);
  }

  async setReferralSource(ctx: TenantContext, source: string, other: string | null): Promise<void> {
    await this.tx.transaction(async () => {
      await this.organizations.setReferralSource(ctx.organizationId, source, other);
      await this.organizations.addOnboardingStep(ctx.organizationId, 'ReferralSourceCompleted');
      const after = { referral_source: source, referral_source_other: other };
      await this.audit.record(ctx, { ...change(ctx.organizationId, 'update'), after });
    });
  }

  /** job_title is the caller's, company_size the organization's; an absent field is left as it is. */
  async updateProfile(
    ctx: TenantContext,
    profile: { company_size?: string | null; job_title?: string | null },
  ): Promise<void> {
    await this.tx.transaction(async () => {
      if (profile.job_title !== undefined) await this.users.setJobTitle(ctx, profile.job_title);
      if (profile.company_size !== undefined)
        await this.organizations.setCompanySize(ctx.organizationId, profile.company_size);
      await this.organizations.addOnboardingStep(ctx.organizationId, 'ProfileCompleted');
      await this.audit.record(ctx, { ...change(ctx.organizationId, 'update'), after: profile });
    });
  }

  /** Other modules mark onboarding milestones (first network, key, host, ...) through this. */
  recordMilestone(ctx: TenantContext, step: OnboardingStep): Promise<void> {
    return this.organizations.addOnboardingStep(ctx.organizationId, step);
  }
}

const change = (id: string, action: string) => ({
  resourceType: 'organization',
  resourceId: id,
  action,
  networkId: null,
});
