import type { Run } from '../api';

const LABELS: Record<Run['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function RunStatus({ status }: { status: Run['status'] }) {
  return <span className={`badge run-status run-status-${status}`}>{LABELS[status]}</span>;
}

export const progressTone = (status: Run['status']) =>
  status === 'failed' ? 'danger' : status === 'cancelled' ? 'muted' : status === 'completed' ? 'ok' : undefined;
