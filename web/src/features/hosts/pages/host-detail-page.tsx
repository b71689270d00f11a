import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/errors';
import { CopyButton } from '../../../components/copy-button';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { TimeTravel } from '../../../components/time-travel';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { type Host, useHost, useHostHistory, useHostsByIds, useNetworkCredentials, useNetworks, useTags } from '../api';
import { AtBanner, StaleBadge, TagChips } from '../components/host-bits';
import { InterfaceTable, IpAddressTable, PortTable, ServiceTable } from '../components/host-children';
import { HistoryTimeline } from '../components/history-timeline';
import { HostEditActions } from '../components/host-actions';
import { HostIdentity } from '../components/host-identity';
import '../hosts.css';

export function HostDetailPage() {
  const { id = '' } = useParams();
  const [params] = useUrlState();
  const rawAt = params.get('at');
  const at = rawAt && !Number.isNaN(new Date(rawAt).getTime()) ? new Date(rawAt).toISOString() : null;
  const host = useHost(id, at);

  if (host.isPending)
    return (
      <Page title="Host">
        <Loading label="Loading the host" />
      </Page>
    );
  if (host.error) {
    const missing = host.error instanceof ApiError && host.error.status === 404;
    return (
      <Page title={missing ? 'Host not found' : 'Host'} actions={<TimeTravel label="Host at" />}>
        <BackLink />
        <AtBanner at={at} />
        {missing ? (
          <EmptyState title={at ? 'This host did not exist at that instant' : 'No such host'}>
            {at
              ? 'Pick a later time, or go back to now.'
              : 'It may have been deleted, or belong to a network you cannot see.'}
          </EmptyState>
        ) : (
          <ErrorState error={host.error} onRetry={() => void host.refetch()} />
        )}
      </Page>
    );
  }
  return <HostDetail host={host.data} at={at} />;
}

function BackLink() {
  return (
    <Link to="/hosts" className="hosts-back">
      ← All hosts
    </Link>
  );
}

function HostDetail({ host, at }: { host: Host; at: string | null }) {
  const networks = useNetworks();
  const tags = useTags();
  const credentials = useNetworkCredentials(host.network_id);
  const history = useHostHistory(host.id);
  const neighbourIds = host.interfaces.flatMap((i) => (i.neighbor ? [i.neighbor.host_id] : []));
  const neighbours = useHostsByIds(neighbourIds, at, true);
  const tagsById = useMemo(() => new Map((tags.data ?? []).map((t) => [t.id, t])), [tags.data]);
  const network = networks.data?.find((n) => n.id === host.network_id);
  const hypervisor = useHostsByIds(host.virtualization ? [host.virtualization.host_id] : [], at);
  const ips = new Map(host.ip_addresses.map((ip) => [ip.id, ip.ip_address]));

  return (
    <Page
      title={host.name}
      actions={
        <>
          <TimeTravel label="Host at" since={host.created_at} />
          <CopyButton value={host.id} label="Copy id" />
          {!at && <HostEditActions host={host} />}
        </>
      }
    >
      <BackLink />
      <AtBanner at={at} />

      <section className="card hosts-summary" aria-label="Summary">
        <div className="hosts-summary-badges">
          <StaleBadge stale={host.stale} />
          <span className="badge">{host.source.type}</span>
          {host.hidden && <span className="badge">Hidden</span>}
          <TagChips ids={host.tags} tags={tagsById} />
        </div>
        <dl className="hosts-facts">
          <div>
            <dt>Hostname</dt>
            <dd className="mono">{host.hostname || '—'}</dd>
          </div>
          <div>
            <dt>Network</dt>
            <dd>{network?.name ?? (networks.isPending ? '…' : host.network_id)}</dd>
          </div>
          <div>
            <dt>Last seen</dt>
            <dd title={formatDateTime(host.last_seen_at)}>
              {formatRelative(host.last_seen_at)} <span className="muted">({formatDateTime(host.last_seen_at)})</span>
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDateTime(host.created_at)}</dd>
          </div>
          {host.virtualization && (
            <div>
              <dt>{host.virtualization.type === 'Vm' ? 'Virtual machine on' : 'Container on'}</dt>
              <dd>
                <Link to={`/hosts/${host.virtualization.host_id}`}>
                  {hypervisor.data?.get(host.virtualization.host_id)?.name ?? host.virtualization.host_id}
                </Link>
              </dd>
            </div>
          )}
          <div className="hosts-facts-wide">
            <dt>Description</dt>
            <dd>{host.description || <span className="muted">No description</span>}</dd>
          </div>
        </dl>
        <HostIdentity host={host} />
      </section>

      <div className="hosts-detail-grid">
        <div className="hosts-detail-main">
          <section aria-labelledby="ips-title">
            <h2 id="ips-title">IP addresses ({host.ip_addresses.length})</h2>
            <IpAddressTable host={host} />
          </section>
          <section aria-labelledby="ports-title">
            <h2 id="ports-title">Ports ({host.ports.length})</h2>
            <PortTable host={host} />
          </section>
          <section aria-labelledby="services-title">
            <h2 id="services-title">Services ({host.services.length})</h2>
            <ServiceTable host={host} />
          </section>
          <section aria-labelledby="interfaces-title">
            <h2 id="interfaces-title">Interfaces ({host.interfaces.length})</h2>
            {neighbours.error && <p className="field-error">Neighbour names could not be loaded.</p>}
            <InterfaceTable host={host} neighbours={neighbours.data} />
          </section>
          <section aria-labelledby="credentials-title">
            <h2 id="credentials-title">Credentials ({host.credential_assignments.length})</h2>
            {host.credential_assignments.length === 0 ? (
              <p className="muted">No credentials are assigned to this host.</p>
            ) : (
              <ul className="hosts-credentials">
                {host.credential_assignments.map((a) => {
                  const credential = credentials.data?.get(a.credential_id);
                  return (
                    <li key={a.credential_id}>
                      <strong>{credential?.name ?? a.credential_id}</strong>
                      {credential && <span className="badge">{credential.credential_type.type}</span>}
                      <span className="muted">
                        {' '}
                        {a.ip_address_ids === null
                          ? 'on every address'
                          : `on ${a.ip_address_ids.map((ip) => ips.get(ip) ?? ip).join(', ')}`}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
            {at && <p className="muted">Credential assignments are not versioned: these are today's.</p>}
          </section>
        </div>
        <aside className="hosts-detail-side" aria-labelledby="history-title">
          <h2 id="history-title">History</h2>
          {history.isPending ? (
            <Loading label="Loading the history" />
          ) : history.error ? (
            <ErrorState error={history.error} onRetry={() => void history.refetch()} />
          ) : (
            <HistoryTimeline hostId={host.id} versions={history.data} at={at} networks={networks.data ?? []} />
          )}
        </aside>
      </div>
    </Page>
  );
}
