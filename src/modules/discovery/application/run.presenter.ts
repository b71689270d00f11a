import type { RunRow } from '../domain/run';

export function presentRun(run: RunRow) {
  return {
    id: run.id,
    network_id: run.network_id,
    schedule_id: run.schedule_id,
    status: run.status,
    targets: run.targets,
    ports: run.ports,
    snmp: run.snmp,
    timeout_ms: run.timeout_ms,
    concurrency: run.concurrency,
    progress: { targets_total: run.targets_total, targets_done: run.targets_done, hosts_found: run.hosts_found },
    attempts: run.attempts,
    error: run.error,
    created_at: run.created_at,
    started_at: run.started_at,
    finished_at: run.finished_at,
  };
}
