import type { OnboardingStep, Progress } from './api';

export interface ChecklistStep {
  id: string;
  title: string;
  description: string;
  done: boolean;
  /** Where to do it: a page of the app, or a section of this one (#profile). */
  to: string;
  action: string;
}

/**
 * The getting-started list: the organization's recorded onboarding milestones, completed by what exists
 * now (a subnet, a credential, a teammate have no milestone of their own). A milestone once reached
 * stays done even if the thing is deleted later; a derived step follows what exists.
 * `progress` undefined (still loading) derives nothing; `members` null (the caller may not list users)
 * leaves the teammate step out.
 */
export function checklistOf(onboarding: readonly OnboardingStep[], progress?: Progress): ChecklistStep[] {
  const reached = (step: OnboardingStep) => onboarding.includes(step);
  const networkLink = progress?.firstNetworkId ? `/networks/${progress.firstNetworkId}` : '/networks';
  const steps: (ChecklistStep | false)[] = [
    {
      id: 'profile',
      title: 'Tell us about your team',
      description: 'Company size and your job title.',
      done: reached('ProfileCompleted'),
      to: '#profile',
      action: 'Complete the profile',
    },
    {
      id: 'referral',
      title: 'Tell us how you found Netatlas',
      description: 'One question, to help us reach people like you.',
      done: reached('ReferralSourceCompleted'),
      to: '#profile',
      action: 'Answer',
    },
    {
      id: 'network',
      title: 'Create a network',
      description: 'A place to discover: an office, a data centre, a lab.',
      done: reached('FirstNetworkCreated') || (progress?.networks ?? 0) > 0,
      to: '/networks',
      action: 'Create a network',
    },
    {
      id: 'subnet',
      title: 'Add a subnet',
      description: 'The address ranges discovery scans, e.g. 192.168.1.0/24.',
      done: (progress?.subnets ?? 0) > 0,
      to: networkLink,
      action: 'Add a subnet',
    },
    {
      id: 'credential',
      title: 'Add an SNMP credential',
      description: 'So discovery can read interfaces, neighbours and ARP tables.',
      done: (progress?.credentials ?? 0) > 0,
      to: '/credentials',
      action: 'Add a credential',
    },
    {
      id: 'discovery',
      title: 'Run a discovery',
      description: 'Find the hosts, services and links of a network.',
      done: reached('FirstDiscoveryCompleted') || reached('FirstHostCreated'),
      to: '/discovery',
      action: 'Run a discovery',
    },
    progress?.members !== null && {
      id: 'teammate',
      title: 'Invite a teammate',
      description: 'Give colleagues their own sign-in and role.',
      done: (progress?.members ?? 0) > 1,
      to: '#members',
      action: 'Add a member',
    },
    {
      id: 'key',
      title: 'Create an API key',
      description: 'For scripts, CI jobs and monitoring exporters.',
      done: reached('FirstApiKeyCreated') || (progress?.keys ?? 0) > 0,
      to: '/keys',
      action: 'Create a key',
    },
    {
      id: 'share',
      title: 'Share a view',
      description: 'A read-only link to a topology for people without an account.',
      done: reached('FirstShareCreated'),
      to: '/shares',
      action: 'Share a view',
    },
  ];
  return steps.filter((s): s is ChecklistStep => s !== false);
}
