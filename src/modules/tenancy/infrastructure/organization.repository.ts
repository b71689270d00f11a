import { Injectable } from '@nestjs/common';
import { Database } from '../../../common/database/database';
import { notFound } from '../../../common/errors/app-error';
import type { OnboardingStep } from '../domain/onboarding';
import type { Organization, OrganizationRepository } from '../domain/organization';
import type { PlanType } from '../domain/plans';

const COLUMNS = `id, name, onboarding, use_case, plan_type, plan_status, last_downgrade_from_plan, last_downgrade_at,
  has_payment_method, discount_save_offer_active_until, discount_save_offer_percent_off::float8 AS discount_save_offer_percent_off,
  last_discount_at, last_paused_at, next_renewal_at, trial_end_date, trial_extended_used, referral_source,
  referral_source_other, company_size, created_at, updated_at`;

@Injectable()
export class PgOrganizationRepository implements OrganizationRepository {
  constructor(private readonly db: Database) {}

  async create(input: { name: string; useCase: string | null; planType: PlanType }): Promise<Organization> {
    const row = await this.db.one<Organization>(
      `INSERT INTO organizations (name, use_case, plan_type, onboarding) VALUES ($1, $2, $3, '{OrgCreated}') RETURNING ${COLUMNS}`,
      [input.name, input.useCase, input.planType],
    );
    return row!;
  }

  async get(organizationId: string): Promise<Organization> {
    const row = await this.db.one<Organization>(`SELECT ${COLUMNS} FROM organizations WHERE id = $1`, [organizationId]);
    if (!row) throw notFound('organization', organizationId);
    return row;
  }

  async setPlan(organizationId: string, plan: PlanType, downgradedFrom: PlanType | null): Promise<void> {
    await this.db.execute(
      `UPDATE organizations SET plan_type = $2, updated_at = now(),
         last_downgrade_from_plan = COALESCE($3, last_downgrade_from_plan),
         last_downgrade_at = CASE WHEN $3::text IS NULL THEN last_downgrade_at ELSE now() END
       WHERE id = $1`,
      [organizationId, plan, downgradedFrom],
    );
  }

  async setReferralSource(organizationId: string, source: string, other: string | null): Promise<void> {
    await this.db.execute(
      `UPDATE organizations SET referral_source = $2, referral_source_other = $3, updated_at = now() WHERE id = $1`,
      [organizationId, source, other],
    );
  }

  async setCompanySize(organizationId: string, companySize: string | null): Promise<void> {
    await this.db.execute(`UPDATE organizations SET company_size = $2, updated_at = now() WHERE id = $1`, [
      organizationId,
      companySize,
    ]);
  }

  async addOnboardingStep(organizationId: string, step: OnboardingStep): Promise<void> {
    await this.db.execute(
      `UPDATE organizations SET onboarding = array_append(onboarding, $2), updated_at = now()
       WHERE id = $1 AND NOT ($2 = ANY (onboarding))`,
      [organizationId, step],
    );
  }
}
