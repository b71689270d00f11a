import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';

export type Host = components['schemas']['HostResponse'];
export type HostVersion = components['schemas']['HostVersionResponse'];
export type HostInterface = components['schemas']['InterfaceResponse'];
export type HostService = components['schemas']['ServiceResponse'];
export type Network = components['schemas']['NetworkResponse'];
export type Tag = components['schemas']['TagResponse'];
export type Credential = components['schemas']['CredentialResponse'];
export type HostQuery = NonNullable<operations['Hosts_listHosts']['parameters']['query']>;

export const hostKeys = {
  all: ['hosts'] as const,
  list: (query: HostQuery) => ['hosts', 'list', query] as const,
  detail: (id: string, at: string | null) => ['hosts', 'detail', id, at] as const,
  history: (id: string) => ['hosts', 'history', id] as const,
};

export function useHosts(query: HostQuery) {
  return useQuery({
    queryKey: hostKeys.list(query),
    queryFn: () => unwrapPage(api.GET('/api/v1/hosts', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** Hosts named by id (neighbours, hypervisors), as of `at`; nothing is fetched for no ids. */
export function useHostsByIds(ids: readonly string[], at: string | null, includeChildren = false) {
  const unique = [...new Set(ids)].sort();
  const query: HostQuery = { ids: unique, limit: 0, include_children: includeChildren, ...(at ? { at } : {}) };
  return useQuery({
    queryKey: hostKeys.list(query),
    queryFn: () => unwrapPage(api.GET('/api/v1/hosts', { params: { query } })),
    enabled: unique.length > 0,
    select: (page) => new Map(page.items.map((h) => [h.id, h])),
  });
}

export function useHost(id: string, at: string | null) {
  return useQuery({
    queryKey: hostKeys.detail(id, at),
    queryFn: () => unwrap(api.GET('/api/v1/hosts/{id}', { params: { path: { id }, query: at ? { at } : {} } })),
    // Moving through time keeps the host on screen until the other instant arrives; another host does not.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}

export function useHostHistory(id: string) {
  return useQuery({
    queryKey: hostKeys.history(id),
    queryFn: () => unwrap(api.GET('/api/v1/hosts/{id}/history', { params: { path: { id } } })),
  });
}

/** Every network the person can reach (the filter and network names). */
export function useNetworks() {
  return useQuery({
    queryKey: ['networks', 'list', 'all'],
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: { limit: 0 } } })),
    select: (page) => page.items,
    staleTime: 60_000,
  });
}

/** Every tag of the organization (the filter and tag names). */
export function useTags() {
  return useQuery({
    queryKey: ['tags', 'list', 'all'],
    queryFn: () => unwrapPage(api.GET('/api/v1/tags', { params: { query: { limit: 0 } } })),
    select: (page) => page.items,
    staleTime: 60_000,
  });
}

/** Credentials assigned to a network or to a host in it: the names behind a host's assignments. */
export function useNetworkCredentials(networkId: string | undefined) {
  return useQuery({
    queryKey: ['credentials', 'list', { network_id: networkId }],
    queryFn: () =>
      unwrapPage(api.GET('/api/v1/credentials', { params: { query: { limit: 0, network_id: networkId } } })),
    enabled: Boolean(networkId),
    select: (page) => new Map(page.items.map((c) => [c.id, c])),
  });
}

export type Subnet = components['schemas']['SubnetResponse'];
type HostBody = components['schemas']['HostBodyDto'];

/** The subnets of a network (where a new host's addresses go). */
export function useSubnets(networkId: string | undefined) {
  return useQuery({
    queryKey: ['subnets', 'list', { network_id: networkId }],
    queryFn: () => unwrapPage(api.GET('/api/v1/subnets', { params: { query: { limit: 0, network_id: networkId } } })),
    enabled: Boolean(networkId),
    select: (page) => page.items,
  });
}

export function useCreateHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostBody) => unwrap(api.POST('/api/v1/hosts', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostKeys.all }),
  });
}

export function useUpdateHost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HostBody) => unwrap(api.PUT('/api/v1/hosts/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostKeys.all }),
  });
}

export function useDeleteHost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/v1/hosts/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostKeys.all }),
  });
}
