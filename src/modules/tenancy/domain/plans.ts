import { PLAN_TYPES, type PlanType } from '../../../common/config/plan-types';

export { PLAN_TYPES, type PlanType };

export interface PlanFeatures {
  api_access: boolean;
  /** null: no limit. */
  max_networks: number | null;
  share_views: boolean;
}

/** What each plan allows (docs/tenancy.md). Community is the self-hosted default: everything. */
export const PLAN_FEATURES: Record<PlanType, PlanFeatures> = {
  Free: { api_access: false, max_networks: 1, share_views: false },
  Starter: { api_access: false, max_networks: 3, share_views: true },
  Pro: { api_access: true, max_networks: 10, share_views: true },
  Team: { api_access: true, max_networks: 25, share_views: true },
  Business: { api_access: true, max_networks: 100, share_views: true },
  Enterprise: { api_access: true, max_networks: null, share_views: true },
  Community: { api_access: true, max_networks: null, share_views: true },
};

/** Plans in PLAN_TYPES order from least to most; moving left is a downgrade. */
export const isDowngrade = (from: PlanType, to: PlanType): boolean => PLAN_TYPES.indexOf(to) < PLAN_TYPES.indexOf(from);
