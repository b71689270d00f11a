import { Link } from 'react-router';
import { describeError } from '../../../api/errors';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { type Schedule, useDeleteSchedule, useNetworks, useSchedules } from '../api';
import { describeCron } from '../cron';
import { DiscoveryTabs } from '../components/discovery-tabs';
import { networkName } from '../components/network-name';
import '../discovery.css';
import { InlineDelete } from '../../../components/inline-delete';
import { useCanWrite } from '../../auth/api';
import { NetworkSelect } from '../../../components/network-select';

export function SchedulesPage() {
  const [params, update] = useUrlState();
  const networkId = params.get('network') || undefined;
  const networks = useNetworks();
  const schedules = useSchedules(networkId);
  const remove = useDeleteSchedule();
  const canWrite = useCanWrite();

  return (
    <Page
      title="Discovery"
      actions={
        canWrite && (
          <Link className="button primary" to={`/discovery/schedules/new${networkId ? `?network=${networkId}` : ''}`}>
            New schedule
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
            onChange={(id) => update({ network: id })}
          />
        </label>
      </div>
      {remove.error && (
        <p className="form-error" role="alert">
          {describeError(remove.error)}
        </p>
      )}
      {schedules.isPending ? (
        <Loading label="Loading schedules" />
      ) : schedules.error ? (
        <ErrorState error={schedules.error} onRetry={() => void schedules.refetch()} />
      ) : schedules.data.items.length === 0 ? (
        <EmptyState title="No schedules">
          <p>
            A schedule starts a discovery run at the times its cron names, in UTC.{' '}
            <Link to="/discovery/schedules/new">New schedule</Link>
          </p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table aria-label="Discovery schedules">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Network</th>
                <th scope="col">When</th>
                <th scope="col">Targets</th>
                <th scope="col">Next run</th>
                <th scope="col">Last run</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {schedules.data.items.map((s: Schedule) => (
                <tr key={s.id}>
                  <td>
                    {s.name} {!s.enabled && <span className="badge">paused</span>}
                  </td>
                  <td>{networkName(networks.data?.items, s.network_id)}</td>
                  <td>
                    {describeCron(s.cron)}
                    <div className="mono muted discovery-small">{s.cron}</div>
                  </td>
                  <td className="mono discovery-targets">{s.targets.join(', ')}</td>
                  <td title={formatDateTime(s.next_run_at)}>{s.enabled ? formatRelative(s.next_run_at) : '—'}</td>
                  <td>{s.last_run_id ? <Link to={`/discovery/runs/${s.last_run_id}`}>Open</Link> : '—'}</td>
                  <td className="discovery-actions">
                    {canWrite && (
                      <InlineDelete
                        name={s.name}
                        kind="schedule"
                        pending={remove.isPending}
                        onDelete={(settled) => remove.mutate(s.id, { onSettled: settled })}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
