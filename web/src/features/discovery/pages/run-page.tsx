import { Link, useParams } from 'react-router';
import { describeError } from '../../../api/errors';
import { Page } from '../../../components/page';
import { ErrorState, Loading } from '../../../components/states';
import { formatDateTime } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { type Run, useCancelRun, useNetworks, useRun, useRunDiagnostics } from '../api';
import { DiagnosticsPanel } from '../components/diagnostics-panel';
import { FoundHosts } from '../components/found-hosts';
import { networkName } from '../components/network-name';
import { ProgressBar } from '../components/progress-bar';
import { progressTone, RunStatus } from '../components/run-status';
import { runView } from '../run-state';
import { useLiveRun } from '../use-live-run';
import '../discovery.css';
import { useCanWrite } from '../../auth/api';

export function RunPage() {
  const { id = '' } = useParams();
  const { live, source, notice } = useLiveRun(id);
  const run = useRun(id, source === 'polling');

  if (run.isPending)
    return (
      <Page title="Discovery run">
        <Loading label="Loading the run" />
      </Page>
    );
  if (run.error)
    return (
      <Page title="Discovery run">
        <ErrorState error={run.error} onRetry={() => void run.refetch()} />
        <p>
          <Link to="/discovery">← All runs</Link>
        </p>
      </Page>
    );
  return <RunDetail run={run.data} live={live} source={source} notice={notice} />;
}

function RunDetail({ run, live, source, notice }: { run: Run } & Omit<ReturnType<typeof useLiveRun>, 'streamClosed'>) {
  const [params, update] = useUrlState();
  const networks = useNetworks();
  const cancel = useCancelRun(run.id);
  const view = runView(run, live);
  const hostFilter = params.get('host') ?? '';
  // Once the run has ended the API's list is complete; while it runs, the stream's diagnostics are newer.
  const allQuery = useRunDiagnostics(run.id, undefined, view.ended);
  const oneQuery = useRunDiagnostics(run.id, hostFilter || undefined, view.ended, hostFilter !== '');
  const fromApi = allQuery.data?.items ?? [];
  const all = fromApi.length >= live.diagnostics.length ? fromApi : live.diagnostics;
  const shown = hostFilter ? (oneQuery.data?.items ?? live.diagnostics.filter((d) => d.host_id === hostFilter)) : all;
  const { targets_total, targets_done, hosts_found } = view.progress;
  const canWrite = useCanWrite();

  return (
    <Page
      title="Discovery run"
      actions={
        canWrite &&
        !view.ended && (
          <button type="button" className="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel run'}
          </button>
        )
      }
    >
      <p>
        <Link to="/discovery">← All runs</Link>
      </p>
      {cancel.error && (
        <p className="form-error" role="alert">
          {describeError(cancel.error)}
        </p>
      )}
      <section className="card discovery-summary" aria-labelledby="run-progress-title">
        <div className="discovery-section-head">
          <h2 id="run-progress-title" className="discovery-run-title">
            <RunStatus status={view.status} /> {run.targets.join(', ')}
          </h2>
          <span className="muted discovery-small" role="status">
            {source === 'stream' ? (view.ended ? 'Live stream ended' : 'Live') : notice}
          </span>
        </div>
        <ProgressBar percent={view.percent} label="Run progress" tone={progressTone(view.status)} />
        <dl className="discovery-counts" aria-live="polite">
          <div>
            <dt>Addresses scanned</dt>
            <dd>
              {targets_done} of {targets_total}
            </dd>
          </div>
          <div>
            <dt>Hosts found</dt>
            <dd data-testid="hosts-found">{hosts_found}</dd>
          </div>
          <div>
            <dt>Diagnostics</dt>
            <dd>{all.length}</dd>
          </div>
        </dl>
        {view.error && (
          <p className="form-error" role="alert">
            {view.error}
          </p>
        )}
        <dl className="discovery-facts">
          <div>
            <dt>Network</dt>
            <dd>{networkName(networks.data?.items, run.network_id)}</dd>
          </div>
          <div>
            <dt>Ports</dt>
            <dd className="mono">{Array.isArray(run.ports) ? run.ports.join(', ') : run.ports}</dd>
          </div>
          <div>
            <dt>SNMP</dt>
            <dd>{run.snmp ? 'yes' : 'no'}</dd>
          </div>
          <div>
            <dt>Timeout</dt>
            <dd>{run.timeout_ms} ms</dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDateTime(run.created_at)}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{formatDateTime(run.started_at)}</dd>
          </div>
          <div>
            <dt>Finished</dt>
            <dd>{formatDateTime(run.finished_at)}</dd>
          </div>
        </dl>
      </section>
      <FoundHosts hosts={live.hosts} view={view} source={source} />
      <DiagnosticsPanel
        all={all}
        shown={shown}
        hosts={live.hosts}
        hostFilter={hostFilter}
        onHostFilter={(host) => update({ host }, { replace: true })}
        ended={view.ended}
        error={allQuery.error}
        onRetry={() => void allQuery.refetch()}
      />
    </Page>
  );
}
