import { describe, expect, it } from 'vitest';
import type { Progress } from './api';
import { checklistOf } from './checklist';

const NOTHING: Progress = { networks: 0, subnets: 0, credentials: 0, keys: 0, members: 1 };
const done = (steps: ReturnType<typeof checklistOf>) => steps.filter((s) => s.done).map((s) => s.id);

describe('the onboarding checklist', () => {
  it('starts with nothing done for a new organization', () => {
    const steps = checklistOf(['OrgCreated'], NOTHING);
    expect(steps.map((s) => s.id)).toEqual([
      'profile',
      'referral',
      'network',
      'subnet',
      'credential',
      'discovery',
      'teammate',
      'key',
      'share',
    ]);
    expect(done(steps)).toEqual([]);
  });

  it('ticks recorded milestones and steps derived from what exists', () => {
    const steps = checklistOf(['OrgCreated', 'ProfileCompleted', 'FirstDiscoveryCompleted'], {
      networks: 1,
      firstNetworkId: 'n1',
      subnets: 2,
      credentials: 1,
      keys: 1,
      members: 2,
    });
    expect(done(steps)).toEqual(['profile', 'network', 'subnet', 'credential', 'discovery', 'teammate', 'key']);
  });

  it('keeps a milestone done after the thing is gone, but a derived step follows what exists', () => {
    const steps = checklistOf(['FirstNetworkCreated', 'FirstApiKeyCreated'], NOTHING);
    expect(done(steps)).toEqual(['network', 'key']);
  });

  it('links the subnet step to the first network, and leaves out teammates for those who cannot list users', () => {
    const steps = checklistOf([], { ...NOTHING, networks: 1, firstNetworkId: 'n1', members: null });
    expect(steps.find((s) => s.id === 'subnet')?.to).toBe('/networks/n1');
    expect(steps.some((s) => s.id === 'teammate')).toBe(false);
  });

  it('derives nothing while the counts load', () => {
    expect(done(checklistOf(['ReferralSourceCompleted']))).toEqual(['referral']);
  });
});
