import type { Organization, ProfileBody, ReferralBody } from './api';
import type { Member } from './api';

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001+'] as const;
export const REFERRAL_SOURCES: [ReferralBody['referral_source'], string][] = [
  ['search_engine', 'A search engine'],
  ['ai_assistant', 'An AI assistant'],
  ['youtube', 'YouTube'],
  ['social_media', 'Social media'],
  ['blog_article', 'A blog or article'],
  ['reddit', 'Reddit'],
  ['hacker_news', 'Hacker News'],
  ['word_of_mouth', 'Word of mouth'],
  ['conference', 'A conference'],
  ['colleague', 'A colleague'],
  ['self_hosted', 'Self-hosting communities'],
  ['other', 'Something else'],
  ['prefer_not_to_say', 'Prefer not to say'],
];

export interface ProfileForm {
  companySize: string;
  jobTitle: string;
  referralSource: string;
  referralOther: string;
}

export function profileFormOf(org?: Organization, jobTitle?: string | null): ProfileForm {
  return {
    companySize: org?.company_size ?? '',
    jobTitle: jobTitle ?? '',
    referralSource: org?.referral_source ?? '',
    referralOther: org?.referral_source_other ?? '',
  };
}

/** Empty inputs clear their field (null); no referral chosen sends no referral request. */
export function profileBodiesOf(form: ProfileForm): { profile: ProfileBody; referral?: ReferralBody } {
  return {
    profile: {
      company_size: (form.companySize || null) as ProfileBody['company_size'],
      job_title: form.jobTitle.trim() || null,
    },
    referral: form.referralSource
      ? {
          referral_source: form.referralSource as ReferralBody['referral_source'],
          referral_source_other: form.referralSource === 'other' ? form.referralOther.trim() || null : null,
        }
      : undefined,
  };
}

export type RoleName = Member['role'];
const RANK: RoleName[] = ['Viewer', 'Member', 'Admin', 'Owner'];

/** Nobody grants a role above their own. */
export function grantableRoles(role: string | undefined): RoleName[] {
  const rank = RANK.indexOf(role as RoleName);
  return RANK.filter((r) => RANK.indexOf(r) <= rank);
}

/** Whether the caller may change or remove this member (not one whose role is above theirs). */
export function canManage(callerRole: string | undefined, member: Member): boolean {
  return RANK.indexOf(callerRole as RoleName) >= RANK.indexOf(member.role);
}
