/** The plans an organization can be on; config reads DEFAULT_PLAN against them, tenancy gives them features. */
export const PLAN_TYPES = ['Free', 'Starter', 'Pro', 'Team', 'Business', 'Enterprise', 'Community'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
