import { describe, expect, it } from 'vitest';
import type { Member } from './api';
import { canManage, grantableRoles, profileBodiesOf, profileFormOf } from './forms';

describe('organization forms', () => {
  it('sends the profile with nulls for empty inputs, and no referral request when none is chosen', () => {
    expect(profileBodiesOf({ companySize: '', jobTitle: '  ', referralSource: '', referralOther: '' })).toEqual({
      profile: { company_size: null, job_title: null },
      referral: undefined,
    });
  });

  it('sends the "other" source with its text, and drops the text for any other source', () => {
    const form = { companySize: '11-50', jobTitle: ' NetOps ', referralSource: 'other', referralOther: ' a meetup ' };
    expect(profileBodiesOf(form)).toEqual({
      profile: { company_size: '11-50', job_title: 'NetOps' },
      referral: { referral_source: 'other', referral_source_other: 'a meetup' },
    });
    expect(profileBodiesOf({ ...form, referralSource: 'reddit' }).referral).toEqual({
      referral_source: 'reddit',
      referral_source_other: null,
    });
  });

  it('starts from what was submitted before', () => {
    const org = { company_size: '1-10', referral_source: 'colleague', referral_source_other: null } as never;
    expect(profileFormOf(org, 'CTO')).toEqual({
      companySize: '1-10',
      jobTitle: 'CTO',
      referralSource: 'colleague',
      referralOther: '',
    });
  });

  it('grants no role above the caller’s, and manages no one above it', () => {
    expect(grantableRoles('Admin')).toEqual(['Viewer', 'Member', 'Admin']);
    expect(grantableRoles('Owner')).toEqual(['Viewer', 'Member', 'Admin', 'Owner']);
    const owner = { role: 'Owner' } as Member;
    const member = { role: 'Member' } as Member;
    expect(canManage('Admin', owner)).toBe(false);
    expect(canManage('Admin', member)).toBe(true);
  });
});
