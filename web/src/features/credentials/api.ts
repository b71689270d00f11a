import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';

export type Credential = components['schemas']['CredentialResponse'];
export type CredentialBody = components['schemas']['CredentialBodyDto'];
export type SecretResponse = components['schemas']['SecretResponse'];
export type SnmpV3 = components['schemas']['SnmpV3Response'];

const ALL = { limit: 1000, offset: 0 };

export const credentialKeys = {
  all: ['credentials'] as const,
  networks: ['credentials', 'networks'] as const,
  tags: ['credentials', 'tags'] as const,
  hosts: ['credentials', 'hosts'] as const,
};

/** Every credential, or those used on one network (assigned to it or to a host in it). */
export function useCredentials(networkId?: string) {
  return useQuery({
    queryKey: [...credentialKeys.all, 'list', networkId ?? 'all'],
    queryFn: () => unwrapPage(api.GET('/api/v1/credentials', { params: { query: { ...ALL, network_id: networkId } } })),
  });
}

/** The choices of the form: networks, tags and hosts the caller may access (names only). */
export function useNetworkChoices() {
  return useQuery({
    queryKey: credentialKeys.networks,
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: ALL } })),
  });
}

export function useTagChoices() {
  return useQuery({
    queryKey: credentialKeys.tags,
    queryFn: () => unwrapPage(api.GET('/api/v1/tags', { params: { query: ALL } })),
  });
}

/** The first 200 hosts by name: enough to pick from; a bigger inventory assigns through the API. */
export function useHostChoices(enabled: boolean) {
  return useQuery({
    queryKey: credentialKeys.hosts,
    enabled,
    queryFn: () => unwrapPage(api.GET('/api/v1/hosts', { params: { query: { limit: 200, offset: 0 } } })),
  });
}

export function useSaveCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CredentialBody }) =>
      id
        ? unwrap(api.PUT('/api/v1/credentials/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/credentials', { body })),
    // The organization's getting-started list counts credentials.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['organization'] }),
      ]),
  });
}

export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/credentials/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
