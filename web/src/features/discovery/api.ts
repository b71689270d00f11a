import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../client/schema';
import { api, unwrap, unwrapPage } from '../../api/client';

export type Run = components['schemas']['RunResponse'];
export type RunBody = components['schemas']['RunBodyDto'];
export type RunProgress = components['schemas']['RunProgressResponse'];
export type RunDiagnostic = components['schemas']['RunDiagnosticResponse'];
export type Schedule = components['schemas']['ScheduleResponse'];
export type ScheduleBody = components['schemas']['ScheduleBodyDto'];
export type Network = components['schemas']['NetworkResponse'];

export const ENDED: readonly Run['status'][] = ['completed', 'failed', 'cancelled'];
export const hasEnded = (status: Run['status'] | undefined) => status !== undefined && ENDED.includes(status);

export const discoveryKeys = {
  runs: ['discovery', 'runs'] as const,
  runList: (networkId: string | undefined, offset: number) => ['discovery', 'runs', 'list', networkId, offset] as const,
  run: (id: string) => ['discovery', 'runs', 'one', id] as const,
  diagnostics: (id: string, hostId: string | undefined, ended: boolean) =>
    ['discovery', 'runs', 'diagnostics', id, hostId, ended] as const,
  schedules: ['discovery', 'schedules'] as const,
  networks: ['discovery', 'networks'] as const,
};

/** Every network of the organization the person may reach (the form's choice and the list's names). */
export function useNetworks() {
  return useQuery({
    queryKey: discoveryKeys.networks,
    queryFn: () => unwrapPage(api.GET('/api/v1/networks', { params: { query: { limit: 0 } } })),
    staleTime: 60_000,
  });
}

export function useRuns(networkId: string | undefined, offset: number, limit: number) {
  return useQuery({
    queryKey: discoveryKeys.runList(networkId, offset),
    queryFn: () =>
      unwrapPage(api.GET('/api/v1/discovery/runs', { params: { query: { network_id: networkId, offset, limit } } })),
    placeholderData: keepPreviousData,
    // Runs still going move on their own: the list follows them until every one has ended.
    refetchInterval: (query) => (query.state.data?.items.some((run) => !hasEnded(run.status)) ? 2000 : false),
  });
}

export function useRun(id: string, poll: boolean) {
  return useQuery({
    queryKey: discoveryKeys.run(id),
    queryFn: () => unwrap(api.GET('/api/v1/discovery/runs/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (poll && !hasEnded(query.state.data?.status) ? 1000 : false),
  });
}

/** The run's diagnostics from the API (complete once the run has ended), for one host or all. */
export function useRunDiagnostics(id: string, hostId: string | undefined, ended: boolean, enabled = true) {
  return useQuery({
    enabled,
    queryKey: discoveryKeys.diagnostics(id, hostId, ended),
    queryFn: () =>
      unwrapPage(
        api.GET('/api/v1/discovery/runs/{id}/diagnostics', {
          params: { path: { id }, query: { host_id: hostId, limit: 0 } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useStartRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunBody) => unwrap(api.POST('/api/v1/discovery/runs', { body })),
    onSuccess: (run) => {
      queryClient.setQueryData(discoveryKeys.run(run.id), run);
      void queryClient.invalidateQueries({ queryKey: discoveryKeys.runs });
    },
  });
}

export function useCancelRun(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/discovery/runs/{id}/cancel', { params: { path: { id } } })),
    onSuccess: (run) => queryClient.setQueryData(discoveryKeys.run(id), run),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.runs }),
  });
}

export function useSchedules(networkId: string | undefined) {
  return useQuery({
    queryKey: [...discoveryKeys.schedules, networkId],
    queryFn: () =>
      unwrapPage(api.GET('/api/v1/discovery/schedules', { params: { query: { network_id: networkId, limit: 0 } } })),
  });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) => unwrap(api.POST('/api/v1/discovery/schedules', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.schedules }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/discovery/schedules/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discoveryKeys.schedules }),
  });
}
