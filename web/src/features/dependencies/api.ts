import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';
import { servicesOfHosts } from './path';

export type Dependency = components['schemas']['DependencyResponse'];
export type DependencyBody = components['schemas']['DependencyBodyDto'];
export type DependencyColor = DependencyBody['color'];
export type Host = components['schemas']['HostResponse'];
export type Network = components['schemas']['NetworkResponse'];

export const dependencyKeys = {
  all: ['dependencies'] as const,
  list: (networkId: string | undefined) => ['dependencies', 'list', networkId] as const,
  one: (id: string) => ['dependencies', 'one', id] as const,
  networks: ['dependencies', 'networks'] as const,
  catalog: (networkId: string | undefined) => ['dependencies', 'services', 'all', networkId] as const,
  search: (networkId: string, search: string) => ['dependencies', 'services', 'search', networkId, search] as const,
};

export function useNetworks() {
  return useQuery({
    queryKey: dependencyKeys.networks,
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: { limit: 0 } } })),
    staleTime: 60_000,
  });
}

export function useDependencies(networkId: string | undefined) {
  return useQuery({
    queryKey: dependencyKeys.list(networkId),
    queryFn: () =>
      unwrapPage(api.GET('/api/v1/dependencies', { params: { query: { network_id: networkId, limit: 0 } } })),
    placeholderData: keepPreviousData,
  });
}

export function useDependency(id: string | undefined) {
  return useQuery({
    queryKey: dependencyKeys.one(id ?? ''),
    queryFn: () => unwrap(api.GET('/api/v1/dependencies/{id}', { params: { path: { id: id! } } })),
    enabled: id !== undefined,
  });
}

/**
 * Every service of a network's hosts (or of all reachable networks), to name the members of
 * dependencies: the API has no call that reads services by id.
 */
export function useServiceCatalog(networkId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: dependencyKeys.catalog(networkId),
    queryFn: async () => {
      const { items } = await unwrapPage(
        api.GET('/api/v1/hosts', { params: { query: { network_id: networkId, limit: 0, include_children: true } } }),
      );
      return servicesOfHosts(items);
    },
    enabled,
    staleTime: 30_000,
  });
}

/** Services of the hosts matching a search (name, hostname, address or service name) in one network. */
export function useServiceSearch(networkId: string, search: string) {
  return useQuery({
    queryKey: dependencyKeys.search(networkId, search),
    queryFn: async () => {
      const { items } = await unwrapPage(
        api.GET('/api/v1/hosts', {
          params: {
            query: {
              network_id: networkId,
              search: search || undefined,
              limit: 25,
              include_children: true,
              order_by: 'name',
            },
          },
        }),
      );
      return servicesOfHosts(items);
    },
    enabled: networkId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useSaveDependency(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DependencyBody) =>
      id
        ? unwrap(api.PUT('/api/v1/dependencies/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/dependencies', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dependencyKeys.all }),
  });
}

export function useDeleteDependency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/dependencies/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dependencyKeys.all }),
  });
}
