import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';

export type Network = components['schemas']['NetworkResponse'];
export type NetworkBody = components['schemas']['NetworkBodyDto'];
export type Subnet = components['schemas']['SubnetResponse'];
export type SubnetBody = components['schemas']['SubnetBodyDto'];
export type Tag = components['schemas']['TagResponse'];
export type TagBody = components['schemas']['TagBodyDto'];
export type TagColor = Tag['color'];

/** Lists here are small (a plan allows at most 100 networks): one page of 1000 holds them all. */
const ALL = { limit: 1000, offset: 0 };

export const networkKeys = {
  networks: ['networks'] as const,
  network: (id: string) => ['networks', id] as const,
  allSubnets: ['subnets'] as const,
  subnets: (networkId: string) => ['subnets', networkId] as const,
  tags: ['tags'] as const,
};

export function useNetworks() {
  return useQuery({
    queryKey: networkKeys.networks,
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: ALL } })),
  });
}

export function useNetwork(id: string) {
  return useQuery({
    queryKey: networkKeys.network(id),
    queryFn: () => unwrap(api.GET('/api/v1/networks/{id}', { params: { path: { id } } })),
  });
}

/** A network's live subnets, or those it had at a past instant (subnets are versioned). */
export function useSubnets(networkId: string, at?: string) {
  return useQuery({
    queryKey: [...networkKeys.subnets(networkId), at ?? 'now'],
    queryFn: () => unwrapPage(api.GET('/api/v1/subnets', { params: { query: { ...ALL, network_id: networkId, at } } })),
  });
}

/** Every live subnet the caller may see, to count them per network in the list. */
export function useAllSubnets() {
  return useQuery({
    queryKey: [...networkKeys.allSubnets, 'all'] as const,
    queryFn: () => unwrapPage(api.GET('/api/v1/subnets', { params: { query: ALL } })),
  });
}

/** The plan's network limit (null: none), to say how many are left before a 402. */
export function useNetworkLimit() {
  return useQuery({
    queryKey: ['organization'] as const,
    queryFn: () => unwrap(api.GET('/api/v1/organizations')),
    select: (org) => ({ plan: org.plan.type, max: org.plan.features.max_networks }),
  });
}

export function useTags() {
  return useQuery({
    queryKey: networkKeys.tags,
    queryFn: () => unwrapPage(api.GET('/api/v1/tags', { params: { query: ALL } })),
  });
}

/** Refreshes everything cached under these keys after a write (and the organization's onboarding). */
function useInvalidate(...keys: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([...keys, ['organization']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSaveNetwork() {
  const invalidate = useInvalidate(networkKeys.networks);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: NetworkBody }) =>
      id
        ? unwrap(api.PUT('/api/v1/networks/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/networks', { body })),
    onSuccess: invalidate,
  });
}

export function useDeleteNetwork() {
  const invalidate = useInvalidate(networkKeys.networks);
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/networks/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useSaveSubnet() {
  const invalidate = useInvalidate(networkKeys.allSubnets);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SubnetBody }) =>
      id
        ? unwrap(api.PUT('/api/v1/subnets/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/subnets', { body })),
    onSuccess: invalidate,
  });
}

export function useDeleteSubnet() {
  const invalidate = useInvalidate(networkKeys.allSubnets);
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/subnets/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useSaveTag() {
  const invalidate = useInvalidate(networkKeys.tags);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TagBody }) =>
      id
        ? unwrap(api.PUT('/api/v1/tags/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/tags', { body })),
    onSuccess: invalidate,
  });
}

export function useDeleteTag() {
  const invalidate = useInvalidate(networkKeys.tags, networkKeys.networks);
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/tags/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}
