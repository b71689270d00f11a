import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';

export type ApiKey = components['schemas']['ApiKeyResponse'];
export type ApiKeyWithSecret = components['schemas']['ApiKeyWithSecretResponse'];
export type CreateKeyBody = components['schemas']['CreateApiKeyDto'];
export type KeyPermission = ApiKey['permissions'];

const ALL = { limit: 1000, offset: 0 };

export const keyKeys = {
  all: ['keys'] as const,
  networks: ['keys', 'networks'] as const,
  organization: ['organization'] as const,
};

/** The signed-in person's own keys (nobody sees another user's keys). */
export function useKeys() {
  return useQuery({
    queryKey: keyKeys.all,
    queryFn: () => unwrapPage(api.GET('/api/v1/auth/keys', { params: { query: ALL } })),
  });
}

export function useNetworkChoices() {
  return useQuery({
    queryKey: keyKeys.networks,
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: ALL } })),
  });
}

/** Whether the plan lets keys call the API at all (else they answer 402 plan_api_access_required). */
export function usePlanApiAccess() {
  return useQuery({
    queryKey: keyKeys.organization,
    queryFn: () => unwrap(api.GET('/api/v1/organizations')),
    select: (org) => org.plan.features.api_access,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keyKeys.all }),
      queryClient.invalidateQueries({ queryKey: keyKeys.organization }),
    ]);
}

export function useCreateKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateKeyBody) => unwrap(api.POST('/api/v1/auth/keys', { body })),
    onSuccess: refresh,
  });
}

export type UpdateKeyBody = components['schemas']['UpdateApiKeyDto'];

export function useUpdateKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateKeyBody }) =>
      unwrap(api.PUT('/api/v1/auth/keys/{id}', { params: { path: { id } }, body })),
    onSuccess: refresh,
  });
}

export function useSetKeyEnabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      unwrap(api.PUT('/api/v1/auth/keys/{id}', { params: { path: { id } }, body: { is_enabled: enabled } })),
    onSuccess: refresh,
  });
}

export function useRotateKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/v1/auth/keys/{id}/rotate', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

export function useDeleteKey() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/auth/keys/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
