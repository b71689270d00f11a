import type { RunRow, RunSettings } from '../domain/run';

/** What to scan and how, as runs and schedules both show it. */
export const presentSettings = (s: RunSettings): RunSettings => ({
  targets: s.targets,
  ports: s.ports,
  snmp: s.snmp,
  timeout_ms: s.timeout_ms,
  concurrency: s.concurrency,
});

export function presentRun(run: RunRow) {
  return {
    id: run.id,
    network_id: run.network_id,
    schedule_id: run.schedule_id,
    status: run.status,
    ...presentSettings(run),
    progress: { targets_total: run.targets_total, targets_done: run.targets_done, hosts_found: run.hosts_found },
    attempts: run.attempts,
    error: run.error,
    created_at: run.created_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
  };
}
