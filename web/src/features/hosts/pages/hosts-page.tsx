import { Link } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { Page } from '../../../components/page';
import { formatRelative } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { useHosts } from '../api';

const PAGE_SIZE = 50;

export function HostsPage() {
  const [params, update] = useUrlState();
  const offset = Number(params.get('offset') ?? 0);
  const hosts = useHosts({ limit: PAGE_SIZE, offset, search: params.get('q') || undefined });
  const pagination = hosts.data?.pagination;

  return (
    <Page title="Hosts">
      <div className="toolbar">
        <input
          type="search"
          aria-label="Search hosts"
          placeholder="Search name, hostname, address…"
          defaultValue={params.get('q') ?? ''}
          onChange={(e) => update({ q: e.target.value, offset: null }, { replace: true })}
        />
      </div>
      {hosts.isPending ? (
        <Loading label="Loading hosts" />
      ) : hosts.error ? (
        <ErrorState error={hosts.error} onRetry={() => void hosts.refetch()} />
      ) : hosts.data.items.length === 0 ? (
        <EmptyState title="No hosts yet">Run a discovery or add hosts through the API.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>Addresses</th>
                <th>Last seen</th>
              </tr>
            </thead>
            <tbody>
              {hosts.data.items.map((host) => (
                <tr key={host.id}>
                  <td>
                    <Link to={`/hosts/${host.id}`}>{host.name}</Link>
                  </td>
                  <td className="mono">{host.ip_addresses?.map((ip) => ip.ip_address).join(', ')}</td>
                  <td>{formatRelative(host.last_seen_at)}</td>
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
