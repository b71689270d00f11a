export const ONBOARDING_STEPS = [
  'OrgCreated',
  'ReferralSourceCompleted',
  'ProfileCompleted',
  'FirstNetworkCreated',
  'FirstHostCreated',
  'FirstApiKeyCreated',
  'FirstDiscoveryCompleted',
  'FirstShareCreated',
] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
