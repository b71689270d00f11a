import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { useNetworks, useRuns } from '../api';
import { DiscoveryTabs } from '../components/discovery-tabs';
import { networkName } from '../components/network-name';
import { ProgressBar } from '../components/progress-bar';
import { progressTone, RunStatus } from '../components/run-status';
import { percentOf } from '../run-state';
import '../discovery.css';
import { useCanWrite } from '../../auth/api';
import { NetworkSelect } from '../../../components/network-select';

const PAGE_SIZE = 25;

export function RunsPage() {
  const [params, update] = useUrlState();
  const networkId = params.get('network') || undefined;
  const offset = Number(params.get('offset') ?? 0) || 0;
  const networks = useNetworks();
  const runs = useRuns(networkId, offset, PAGE_SIZE);
  const canWrite = useCanWrite();
  const pagination = runs.data?.pagination;

  return (
    <Page
      title="Discovery"
      actions={
        canWrite && (
          <Link className="button primary" to={`/discovery/new${networkId ? `?network=${networkId}` : ''}`}>
            Start discovery
          </Link>
        )
      }
    >
      <DiscoveryTabs />
      <div className="toolbar">
        <label className="discovery-inline-label">
          Network{' '}
          <NetworkSelect
            networks={networks.data?.items ?? []}
            value={networkId}
            onChange={(id) => update({ network: id, offset: null })}
          />
        </label>
      </div>
      {runs.isPending ? (
        <Loading label="Loading runs" />
      ) : runs.error ? (
        <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />
      ) : runs.data.items.length === 0 ? (
        <EmptyState title="No discovery runs yet">
          <p>
            A run scans addresses of a network for open ports, services and, with SNMP, interfaces and neighbours.{' '}
            <Link to="/discovery/new">Start discovery</Link>
          </p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table aria-label="Discovery runs">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Network</th>
                <th scope="col">Targets</th>
                <th scope="col">Started</th>
                <th scope="col">Finished</th>
                <th scope="col">Hosts found</th>
                <th scope="col" className="discovery-col-progress">
                  Progress
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.data.items.map((run) => (
                <tr key={run.id}>
                  <td>
                    <Link to={`/discovery/runs/${run.id}`} aria-label={`Run ${run.targets.join(', ')}: ${run.status}`}>
                      <RunStatus status={run.status} />
                    </Link>
                    {run.schedule_id && <span className="muted discovery-small"> scheduled</span>}
                  </td>
                  <td>{networkName(networks.data?.items, run.network_id)}</td>
                  <td className="mono discovery-targets" title={run.targets.join('\n')}>
                    {run.targets.slice(0, 2).join(', ')}
                    {run.targets.length > 2 && ` +${run.targets.length - 2}`}
                  </td>
                  <td title={formatDateTime(run.started_at)}>
                    {run.started_at ? formatRelative(run.started_at) : '—'}
                  </td>
                  <td title={formatDateTime(run.finished_at)}>
                    {run.finished_at ? formatRelative(run.finished_at) : '—'}
                  </td>
                  <td>{run.progress.hosts_found}</td>
                  <td>
                    <ProgressBar
                      percent={percentOf(run.progress, run.status)}
                      label={`Progress of run ${run.targets[0] ?? ''}`}
                      tone={progressTone(run.status)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && pagination.total_count > PAGE_SIZE && (
        <div className="pager">
          <button
            type="button"
            disabled={offset === 0}
            onClick={() => update({ offset: Math.max(0, offset - PAGE_SIZE) })}
          >
            Previous
          </button>
          <span>
            {offset + 1}–{Math.min(offset + PAGE_SIZE, pagination.total_count)} of {pagination.total_count}
          </span>
          <button type="button" disabled={!pagination.has_more} onClick={() => update({ offset: offset + PAGE_SIZE })}>
            Next
          </button>
        </div>
      )}
    </Page>
  );
}
