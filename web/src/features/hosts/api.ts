import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, operations } from '../../../../client/schema';
import { api, unwrapPage } from '../../api/client';

export type Host = components['schemas']['HostResponse'];
export type HostQuery = NonNullable<operations['Hosts_listHosts']['parameters']['query']>;

export const hostKeys = {
  all: ['hosts'] as const,
  list: (query: HostQuery) => ['hosts', 'list', query] as const,
};

export function useHosts(query: HostQuery) {
  return useQuery({
    queryKey: hostKeys.list(query),
    queryFn: () => unwrapPage(api.GET('/api/v1/hosts', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
