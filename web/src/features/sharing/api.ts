import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';

export type Share = components['schemas']['ShareResponse'];
export type ShareBody = components['schemas']['ShareBodyDto'];
export type ShareMetadata = components['schemas']['ShareMetadataResponse'];
export type SharedGraph = components['schemas']['TopologyResponse'];
export type ShareView = ShareMetadata['enabled_views'][number];
export type Network = components['schemas']['NetworkResponse'];

export const shareKeys = {
  all: ['shares'] as const,
  list: () => ['shares', 'list'] as const,
  networks: () => ['shares', 'networks'] as const,
  metadata: (id: string) => ['share-public', id, 'metadata'] as const,
  graph: (id: string, view: string, token: string | null) => ['share-public', id, 'graph', view, token] as const,
};

/** Every share the person may manage (0: no page limit; organizations keep a handful). */
export function useShares() {
  return useQuery({
    queryKey: shareKeys.list(),
    queryFn: () => unwrapPage(api.GET('/api/v1/shares', { params: { query: { limit: 0 } } })),
  });
}

/** The networks a share can show, for the form's select and the list's network names. */
export function useShareableNetworks() {
  return useQuery({
    queryKey: shareKeys.networks(),
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: { limit: 0 } } })),
    staleTime: 60_000,
  });
}

export function useSaveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ShareBody }) =>
      id
        ? unwrap(api.PUT('/api/v1/shares/{id}', { params: { path: { id } }, body }))
        : unwrap(api.POST('/api/v1/shares', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

export function useDeleteShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/shares/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}

/* The public page: no session, the share id is the capability. */

export function useShareMetadata(id: string) {
  return useQuery({
    queryKey: shareKeys.metadata(id),
    queryFn: () => unwrap(api.GET('/api/v1/shares/public/{id}', { params: { path: { id } } })),
    staleTime: Infinity,
  });
}

export function useVerifySharePassword(id: string) {
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(api.POST('/api/v1/shares/public/{id}/verify', { params: { path: { id } }, body: { password } })),
  });
}

/** The shared topology of one view; enabled once the page knows it may ask (no password, or a token). */
export function useSharedTopology(id: string, view: ShareView, token: string | null, enabled: boolean) {
  return useQuery({
    queryKey: shareKeys.graph(id, view, token),
    queryFn: () =>
      unwrap(
        api.POST('/api/v1/shares/public/{id}/topology', {
          params: { path: { id } },
          body: token ? { view, access_token: token } : { view },
        }),
      ),
    enabled,
    staleTime: 60_000,
  });
}
