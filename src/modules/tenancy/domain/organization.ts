import type { OnboardingStep } from './onboarding';
import type { PlanType } from './plans';

export interface Organization {
  id: string;
  name: string;
  onboarding: OnboardingStep[];
  use_case: string | null;
  plan_type: PlanType;
  plan_status: string;
  last_downgrade_from_plan: PlanType | null;
  last_downgrade_at: Date | null;
  has_payment_method: boolean;
  discount_save_offer_active_until: Date | null;
  discount_save_offer_percent_off: number | null;
  last_discount_at: Date | null;
  last_paused_at: Date | null;
  next_renewal_at: Date | null;
  trial_end_date: Date | null;
  trial_extended_used: boolean;
  referral_source: string | null;
  referral_source_other: string | null;
  company_size: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface OrganizationRepository {
  create(input: { name: string; useCase: string | null; planType: PlanType }): Promise<Organization>;
  get(organizationId: string): Promise<Organization>;
  setPlan(organizationId: string, plan: PlanType, downgradedFrom: PlanType | null): Promise<void>;
  setReferralSource(organizationId: string, source: string, other: string | null): Promise<void>;
  setCompanySize(organizationId: string, companySize: string | null): Promise<void>;
  /** Adds the step once; a step already there is left alone. */
  addOnboardingStep(organizationId: string, step: OnboardingStep): Promise<void>;
}

export const ORGANIZATION_REPOSITORY = Symbol('ORGANIZATION_REPOSITORY');
