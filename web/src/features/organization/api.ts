import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client/schema';
import { ApiError, api, unwrap, unwrapPage } from '../../api/client';

export type Organization = components['schemas']['OrganizationResponse'];
export type OnboardingStep = Organization['onboarding'][number];
export type PlanType = components['schemas']['ChangePlanDto']['type'];
export type ProfileBody = components['schemas']['ProfileDto'];
export type ReferralBody = components['schemas']['ReferralSourceDto'];
export type Member = components['schemas']['UserResponse'];
export type CreateMemberBody = components['schemas']['CreateUserDto'];
export type UpdateMemberBody = components['schemas']['UpdateUserDto'];

const ALL = { limit: 1000, offset: 0 };
const ONE = { limit: 1, offset: 0 };

export const orgKeys = {
  organization: ['organization'] as const,
  progress: ['organization', 'progress'] as const,
  members: ['organization', 'members'] as const,
  networks: ['organization', 'networks'] as const,
};

export function useOrganization() {
  return useQuery({ queryKey: orgKeys.organization, queryFn: () => unwrap(api.GET('/api/v1/organizations')) });
}

export function useNetworkChoices() {
  return useQuery({
    queryKey: orgKeys.networks,
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: ALL } })),
  });
}

/** How many of each thing the checklist counts; a list the caller may not read counts as unknown. */
export interface Progress {
  networks: number;
  firstNetworkId?: string;
  subnets: number;
  credentials: number;
  keys: number;
  /** null: the caller may not list users (below Admin). */
  members: number | null;
}

async function countOrNull(call: Promise<{ pagination: { total_count: number } }>): Promise<number | null> {
  try {
    return (await call).pagination.total_count;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 401)) return null;
    throw error;
  }
}

/** One request per list, one row each: the totals come from the pagination. */
export function useProgress() {
  return useQuery({
    queryKey: orgKeys.progress,
    queryFn: async (): Promise<Progress> => {
      const [networks, subnets, credentials, keys, members] = await Promise.all([
        unwrapPage(api.GET('/api/v1/networks', { params: { query: ONE } })),
        countOrNull(unwrapPage(api.GET('/api/v1/subnets', { params: { query: ONE } }))),
        countOrNull(unwrapPage(api.GET('/api/v1/credentials', { params: { query: ONE } }))),
        countOrNull(unwrapPage(api.GET('/api/v1/auth/keys', { params: { query: ONE } }))),
        countOrNull(unwrapPage(api.GET('/api/v1/users', { params: { query: ONE } }))),
      ]);
      return {
        networks: networks.pagination.total_count,
        firstNetworkId: networks.items[0]?.id,
        subnets: subnets ?? 0,
        credentials: credentials ?? 0,
        keys: keys ?? 0,
        members,
      };
    },
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.organization }),
      // The session's user carries the job title the profile sets.
      queryClient.invalidateQueries({ queryKey: ['me'] }),
    ]);
}

/** The profile form saves both the profile and, when chosen, how they heard of us. */
export function useSaveProfile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ profile, referral }: { profile: ProfileBody; referral?: ReferralBody }) => {
      await unwrap(api.POST('/api/v1/organizations/profile', { body: profile }));
      if (referral) await unwrap(api.POST('/api/v1/organizations/referral-source', { body: referral }));
    },
    onSuccess: refresh,
  });
}

export function useChangePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (type: PlanType) => unwrap(api.PUT('/api/v1/organizations/plan', { body: { type } })),
    onSuccess: refresh,
  });
}

export function useMembers(enabled: boolean) {
  return useQuery({
    queryKey: orgKeys.members,
    enabled,
    queryFn: () => unwrapPage(api.GET('/api/v1/users', { params: { query: ALL } })),
  });
}

function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orgKeys.organization });
}

export function useSaveMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateMemberBody | UpdateMemberBody }) =>
      id
        ? unwrap(api.PUT('/api/v1/users/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/users', { body: body as CreateMemberBody })),
    onSuccess: refresh,
  });
}

export function useDeleteMember() {
  const refresh = useRefreshMembers();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/users/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
