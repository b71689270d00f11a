import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { operations } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';
import type { Positions, TopologyGraph, View } from '../../lib/graph';
import type { PathAnswer } from './path';

type TopologyQuery = operations['Topology_getTopology']['parameters']['query'];

export interface TopologyParams {
  network_id: string;
  view: View;
  at?: string | null;
  expand?: string[];
}

export const topologyKeys = {
  all: ['topology'] as const,
  networks: ['topology', 'networks'] as const,
  graph: (p: TopologyParams) => ['topology', 'graph', p.network_id, p.view, p.at ?? 'now', p.expand ?? []] as const,
  graphsOf: (networkId: string, view: View) => ['topology', 'graph', networkId, view] as const,
  hosts: (networkId: string, at: string | null, ids: string[]) =>
    ['topology', 'hosts', networkId, at ?? 'now', ids.join(',')] as const,
  path: (p: PathParams) => ['topology', 'path', p.network_id, p.from, p.to, p.at ?? 'now'] as const,
};

export interface PathParams {
  network_id: string;
  from: string;
  to: string;
  at?: string | null;
}

/** The path between two hosts over the L2 links at an instant (live when `at` is empty), or why there is none. */
export function usePath(p: PathParams | null) {
  return useQuery({
    queryKey: p ? topologyKeys.path(p) : ['topology', 'path', 'none'],
    queryFn: (): Promise<PathAnswer> =>
      unwrap(
        api.GET('/api/v1/topology/path', {
          params: { query: { network_id: p!.network_id, from: p!.from, to: p!.to, ...(p!.at && { at: p!.at }) } },
        }),
      ),
    enabled: !!p,
    refetchOnWindowFocus: false,
  });
}

export function useNetworks() {
  return useQuery({
    queryKey: topologyKeys.networks,
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: { limit: 0 } } })),
  });
}

function fetchTopology(p: TopologyParams): Promise<TopologyGraph> {
  const query: TopologyQuery = {
    network_id: p.network_id,
    view: p.view,
    group: 'auto',
    ...(p.at && { at: p.at }),
    ...(p.expand?.length && { expand: p.expand }),
  };
  return unwrap(api.GET('/api/v1/topology', { params: { query } }));
}

/**
 * The graph of one view at one instant (live when `at` is empty); group=auto collapses large groups. While
 * another instant or set of open groups of the same network and view loads, the last graph stays drawn
 * (the canvas, its frame and selection with it) instead of a loading state.
 */
export function useTopology(p: TopologyParams | null) {
  return useQuery({
    queryKey: p ? topologyKeys.graph(p) : ['topology', 'none'],
    queryFn: () => fetchTopology(p!),
    enabled: !!p,
    refetchOnWindowFocus: false,
    placeholderData: (previous, previousQuery) => {
      const [, , network, view] = previousQuery?.queryKey ?? [];
      return p && network === p.network_id && view === p.view ? previous : undefined;
    },
  });
}

/** Saves dropped nodes' positions; the network and view travel with them, so a late save goes to the right place. */
export function useSavePositions() {
  return useMutation({
    mutationFn: (body: { network_id: string; view: View; positions: Positions }) =>
      unwrap(api.PUT('/api/v1/topology/positions', { body })),
  });
}

export function useResetPositions(networkId: string, view: View) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      unwrap(api.DELETE('/api/v1/topology/positions', { params: { query: { network_id: networkId, view } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: topologyKeys.graphsOf(networkId, view) }),
  });
}

/** Ids per request: 100 uuids keep the URL near 4 KB, far under the server's header limit. */
const IDS_PER_REQUEST = 100;

/**
 * The hosts of a network with their children (ports, services, interfaces, addresses) at an instant (live
 * when empty), only those named: a comparison asks for the hosts it draws at both instants.
 */
export function useHostsAt(networkId: string | null, ids: string[], at: string | null) {
  return useQuery({
    queryKey: topologyKeys.hosts(networkId ?? '', at, ids),
    queryFn: async () => {
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) chunks.push(ids.slice(i, i + IDS_PER_REQUEST));
      const pages = await Promise.all(
        chunks.map((chunk) =>
          unwrapPage(
            api.GET('/api/v1/hosts', {
              params: {
                query: { network_id: networkId!, ids: chunk, limit: 0, include_children: true, ...(at && { at }) },
              },
            }),
          ),
        ),
      );
      return pages.flatMap((page) => page.items);
    },
    enabled: !!networkId && ids.length > 0,
    refetchOnWindowFocus: false,
  });
}

/** "Find a node" over a whole view, grouped members included: each match with the groups to open. */
export async function findNodes(p: { network_id: string; view: View; q: string; at?: string }) {
  const query = { network_id: p.network_id, view: p.view, q: p.q, ...(p.at && { at: p.at }) };
  return unwrap(api.GET('/api/v1/topology/find', { params: { query } }));
}
