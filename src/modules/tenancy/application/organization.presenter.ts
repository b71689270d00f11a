import type { Organization } from '../domain/organization';
import { PLAN_FEATURES } from '../domain/plans';

/** The spec's Organization: every field, billing-only ones null unless set. */
export function presentOrganization(org: Organization) {
  return {
    id: org.id,
    name: org.name,
    onboarding: org.onboarding,
    plan: { type: org.plan_type, features: PLAN_FEATURES[org.plan_type] },
    plan_status: { type: org.plan_status },
    last_downgrade_from_plan: org.last_downgrade_from_plan ? { type: org.last_downgrade_from_plan } : null,
    discount_save_offer_active_until: org.discount_save_offer_active_until,
    discount_save_offer_percent_off: org.discount_save_offer_percent_off,
    has_payment_method: org.has_payment_method,
    last_discount_at: org.last_discount_at,
    last_downgrade_at: org.last_downgrade_at,
    last_paused_at: org.last_paused_at,
    next_renewal_at: org.next_renewal_at,
    trial_end_date: org.trial_end_date,
    trial_extended_used: org.trial_extended_used,
    use_case: org.use_case,
    referral_source: org.referral_source,
    referral_source_other: org.referral_source_other,
    company_size: org.company_size,
    created_at: org.created_at,
    updated_at: org.updated_at,
  };
}
