import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Field } from '../../../components/field';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { TimeTravel } from '../../../components/time-travel';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useUrlState } from '../../../lib/url-state';
import { type Host, type Network, type Tag, useHosts, useHostsByIds, useNetworks, useTags } from '../api';
import { AtBanner, StaleBadge, TagChips } from '../components/host-bits';
import { NewHostButton } from '../components/host-actions';
import { InterfaceTable, IpAddressTable, PortTable, ServiceTable } from '../components/host-children';
import { type GroupCount, groupHosts, groupLabel } from '../grouping';
import {
  ariaSort,
  FIELD_LABELS,
  HOST_FIELDS,
  type HostField,
  type HostsView,
  nextSort,
  PAGE_SIZES,
  readHostsView,
  toHostQuery,
} from '../view-state';
import '../hosts.css';
import { NetworkSelect } from '../../../components/network-select';
import { DeviceTypeLabel } from '../../../components/device-icon';
import { DEVICE_TYPE_LABELS, DEVICE_TYPES } from '../../../lib/device-types';

const SEARCH_DELAY_MS = 300;
const COLUMNS = 9;

export function HostsPage() {
  const [params, update] = useUrlState();
  const view = useMemo(() => readHostsView(params), [params]);
  const query = useMemo(() => toHostQuery(view), [view]);
  const hosts = useHosts(query);
  const networks = useNetworks();
  const tags = useTags();

  const networkNames = useMemo(() => new Map((networks.data ?? []).map((n) => [n.id, n.name])), [networks.data]);
  const tagsById = useMemo(() => new Map((tags.data ?? []).map((t) => [t.id, t])), [tags.data]);
  const since = useMemo(
    () => (networks.data ?? []).map((n) => n.created_at).sort()[0] as string | undefined,
    [networks.data],
  );

  const items = hosts.data?.items;
  const pagination = hosts.data?.pagination;
  const counts = (pagination?.group_counts ?? []) as GroupCount[];
  const hypervisorIds = view.groupBy === 'virtualized_by' ? counts.flatMap((c) => (c.value ? [c.value] : [])) : [];
  const hypervisors = useHostsByIds(hypervisorIds, view.at);
  const hypervisorNames = useMemo(
    () => new Map([...(hypervisors.data?.values() ?? [])].map((h) => [h.id, h.name])),
    [hypervisors.data],
  );
  const label = (value: string | null) =>
    groupLabel(view.groupBy!, value, { networks: networkNames, hosts: hypervisorNames });

  const expandedHosts = (items ?? []).filter((h) => view.expanded.includes(h.id));
  const neighbourIds = expandedHosts.flatMap((h) =>
    h.interfaces.flatMap((i) => (i.neighbor ? [i.neighbor.host_id] : [])),
  );
  const neighbours = useHostsByIds(neighbourIds, view.at, true);

  const filtered = Boolean(
    view.search.trim() || view.networkId || view.tagIds.length || view.deviceTypes.length || view.stale,
  );
  const toggle = (id: string) =>
    update(
      { open: view.expanded.includes(id) ? view.expanded.filter((x) => x !== id) : [...view.expanded, id] },
      { replace: true },
    );

  return (
    <Page
      title="Hosts"
      actions={
        <>
          <TimeTravel label="Inventory at" since={since} />
          {!view.at && <NewHostButton networkId={view.networkId ?? undefined} />}
        </>
      }
    >
      <AtBanner at={view.at} />
      <Filters view={view} networks={networks.data ?? []} tags={tags.data ?? []} />

      {view.groupBy && pagination && counts.length > 0 && (
        <section className="hosts-groups" aria-label="Groups">
          <h2 className="hosts-groups-title">
            {counts.length} {counts.length === 1 ? 'group' : 'groups'} by {FIELD_LABELS[view.groupBy].toLowerCase()}
          </h2>
          <ul>
            {counts.map((c) => (
              <li key={c.value ?? ''}>
                <span>{label(c.value)}</span> <span className="badge">{c.count}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {hosts.isPending ? (
        <Loading label="Loading hosts" />
      ) : hosts.error ? (
        <ErrorState error={hosts.error} onRetry={() => void hosts.refetch()} />
      ) : hosts.data.items.length === 0 ? (
        view.page > 1 && hosts.data.pagination.total_count > 0 ? (
          <EmptyState title="This page is past the last one">
            <button type="button" onClick={() => update({ page: null })}>
              Go to the first page
            </button>
          </EmptyState>
        ) : filtered ? (
          <EmptyState title="No hosts match these filters">
            <button
              type="button"
              onClick={() =>
                update({ q: null, network: null, tag: null, type: null, stale: null, page: null, open: null })
              }
            >
              Clear filters
            </button>
          </EmptyState>
        ) : view.at ? (
          <EmptyState title="No hosts at this instant">Pick a later time, or go back to now.</EmptyState>
        ) : (
          <EmptyState title="No hosts yet">Run a discovery or add hosts through the API.</EmptyState>
        )
      ) : (
        <div className="table-wrap hosts-table-wrap" aria-busy={hosts.isFetching}>
          <table className="hosts-table">
            <caption className="hosts-sr-only">
              Hosts{view.at ? ` as of ${formatDateTime(view.at)}` : ''}, {pagination?.total_count} in all
            </caption>
            <thead>
              <tr>
                <th scope="col" className="hosts-col-toggle">
                  <span className="hosts-sr-only">Details</span>
                </th>
                <SortHeader view={view} field="name" label="Name" />
                <th scope="col">Type</th>
                <th scope="col">Vendor and model</th>
                <SortHeader view={view} field="hostname" label="Hostname" />
                <SortHeader view={view} field="network_id" label="Network" />
                <SortHeader view={view} field="interface_ip" label="Addresses" />
                <th scope="col">Tags</th>
                <SortHeader view={view} field="last_seen_at" label="Last seen" />
              </tr>
            </thead>
            <tbody>
              {view.groupBy
                ? groupHosts(hosts.data.items, view.groupBy, counts).map((group) => (
                    <Fragment key={group.key}>
                      <tr className="hosts-group-row">
                        <th scope="colgroup" colSpan={COLUMNS}>
                          {label(group.value)}{' '}
                          <span className="badge">
                            {group.count} {group.count === 1 ? 'host' : 'hosts'}
                          </span>
                        </th>
                      </tr>
                      {group.hosts.map((host) => (
                        <HostRows
                          key={host.id}
                          host={host}
                          networkNames={networkNames}
                          tags={tagsById}
                          open={view.expanded.includes(host.id)}
                          onToggle={() => toggle(host.id)}
                          neighbours={neighbours.data}
                          at={view.at}
                        />
                      ))}
                    </Fragment>
                  ))
                : hosts.data.items.map((host) => (
                    <HostRows
                      key={host.id}
                      host={host}
                      networkNames={networkNames}
                      tags={tagsById}
                      open={view.expanded.includes(host.id)}
                      onToggle={() => toggle(host.id)}
                      neighbours={neighbours.data}
                      at={view.at}
                    />
                  ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && <Pager view={view} total={pagination.total_count} hasMore={pagination.has_more} />}
    </Page>
  );
}

function Filters({ view, networks, tags }: { view: HostsView; networks: Network[]; tags: Tag[] }) {
  const [, update] = useUrlState();
  const tagsLegend = useId();
  // The box edits a draft; the URL follows once typing pauses. A URL changed from elsewhere (back,
  // clear filters) resets the draft, but not the URL this box pushed itself while typing went on.
  const [draft, setDraft] = useState(view.search);
  const [shown, setShown] = useState(view.search);
  const [pushed, setPushed] = useState(view.search);
  if (shown !== view.search) {
    setShown(view.search);
    if (view.search !== pushed) setDraft(view.search);
  }
  useEffect(() => {
    if (draft === view.search) return;
    const timer = setTimeout(() => {
      setPushed(draft);
      update({ q: draft, page: null, open: null }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, view.search, update]);

  const set = (change: Record<string, string | string[] | null>) => update({ ...change, page: null, open: null });

  return (
    <form className="hosts-filters" role="search" aria-label="Filter hosts" onSubmit={(e) => e.preventDefault()}>
      <Field label="Search">
        <input
          type="search"
          aria-label="Search hosts"
          placeholder="Name, hostname, address, service…"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      </Field>
      <Field label="Network">
        <NetworkSelect networks={networks} value={view.networkId} onChange={(id) => set({ network: id || null })} />
      </Field>
      <Field label="Device type">
        <select
          value={view.deviceTypes[0] ?? ''}
          onChange={(e) => set({ type: e.target.value || null })}
          aria-description="Only hosts of this type"
        >
          <option value="">Any type</option>
          {DEVICE_TYPES.map((t) => (
            <option key={t} value={t}>
              {DEVICE_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Staleness">
        <select value={view.stale ?? ''} onChange={(e) => set({ stale: e.target.value || null })}>
          <option value="">Stale and fresh</option>
          <option value="stale">Stale only</option>
          <option value="fresh">Fresh only</option>
        </select>
      </Field>
      <Field label="Group by">
        <select value={view.groupBy ?? ''} onChange={(e) => set({ group: e.target.value || null })}>
          <option value="">No grouping</option>
          {HOST_FIELDS.map((f) => (
            <option key={f} value={f}>
              {FIELD_LABELS[f]}
            </option>
          ))}
        </select>
      </Field>
      {tags.length > 0 && (
        <fieldset className="hosts-tag-filter" aria-labelledby={tagsLegend}>
          <legend id={tagsLegend}>Tags {view.tagIds.length > 0 && <span className="muted">(any of)</span>}</legend>
          <div className="hosts-tag-options">
            {tags.map((tag) => {
              const checked = view.tagIds.includes(tag.id);
              return (
                <label key={tag.id} className={`hosts-tag-option${checked ? ' checked' : ''}`}>
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() =>
                      set({ tag: checked ? view.tagIds.filter((id) => id !== tag.id) : [...view.tagIds, tag.id] })
                    }
                  />
                  {tag.name}
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </form>
  );
}

function SortHeader({ view, field, label }: { view: HostsView; field: HostField; label: string }) {
  const [, update] = useUrlState();
  const sort = ariaSort(view, field);
  const arrow = sort === 'ascending' ? '▲' : sort === 'descending' ? '▼' : '↕';
  return (
    <th scope="col" aria-sort={sort}>
      <button type="button" className="hosts-sort" onClick={() => update({ ...nextSort(view, field), page: null })}>
        {label}
        <span aria-hidden="true" className={sort === 'none' ? 'hosts-sort-idle' : ''}>
          {arrow}
        </span>
      </button>
    </th>
  );
}

interface HostRowsProps {
  host: Host;
  networkNames: ReadonlyMap<string, string>;
  tags: ReadonlyMap<string, Tag>;
  open: boolean;
  onToggle: () => void;
  neighbours: ReadonlyMap<string, Host> | undefined;
  at: string | null;
}

function HostRows({ host, networkNames, tags, open, onToggle, neighbours, at }: HostRowsProps) {
  const panelId = `host-children-${host.id}`;
  const detail = `/hosts/${host.id}${at ? `?at=${encodeURIComponent(at)}` : ''}`;
  const addresses = host.ip_addresses.map((ip) => ip.ip_address);
  return (
    <>
      <tr className={open ? 'hosts-row open' : 'hosts-row'}>
        <td className="hosts-col-toggle">
          <button
            type="button"
            className="hosts-toggle"
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            aria-label={`${open ? 'Hide' : 'Show'} addresses, ports, services and interfaces of ${host.name}`}
            onClick={onToggle}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        </td>
        <td>
          <Link to={detail} className="hosts-name">
            {host.name}
          </Link>{' '}
          <StaleBadge stale={host.stale} />
          {host.virtualization && <span className="badge">{host.virtualization.type}</span>}
        </td>
        <td>
          <DeviceTypeLabel type={host.device_type} />
        </td>
        <td>{[host.vendor, host.model].filter(Boolean).join(' ') || <span className="muted">—</span>}</td>
        <td>{host.hostname || <span className="muted">—</span>}</td>
        <td>{networkNames.get(host.network_id) ?? <span className="muted">…</span>}</td>
        <td className="mono hosts-addresses">
          {addresses.length ? (
            <>
              {addresses.slice(0, 3).join(', ')}
              {addresses.length > 3 && <span className="muted"> +{addresses.length - 3}</span>}
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
        <td>
          <TagChips ids={host.tags} tags={tags} />
        </td>
        <td title={formatDateTime(host.last_seen_at)}>{formatRelative(host.last_seen_at)}</td>
      </tr>
      {open && (
        <tr className="hosts-children-row">
          <td colSpan={COLUMNS} id={panelId}>
            <div className="hosts-children" role="region" aria-label={`Children of ${host.name}`}>
              <section>
                <h3>IP addresses ({host.ip_addresses.length})</h3>
                <IpAddressTable host={host} />
              </section>
              <section>
                <h3>Ports ({host.ports.length})</h3>
                <PortTable host={host} />
              </section>
              <section className="hosts-children-wide">
                <h3>Services ({host.services.length})</h3>
                <ServiceTable host={host} />
              </section>
              <section className="hosts-children-wide">
                <h3>Interfaces ({host.interfaces.length})</h3>
                <InterfaceTable host={host} neighbours={neighbours} />
              </section>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

function Pager({ view, total, hasMore }: { view: HostsView; total: number; hasMore: boolean }) {
  const [, update] = useUrlState();
  const pages = Math.max(1, Math.ceil(total / view.pageSize));
  const first = total === 0 ? 0 : (view.page - 1) * view.pageSize + 1;
  const last = Math.min(view.page * view.pageSize, total);
  return (
    <nav className="pager hosts-pager" aria-label="Pages">
      <span className="muted" aria-live="polite">
        {total === 0 ? 'No hosts' : `${first}–${last} of ${total} ${total === 1 ? 'host' : 'hosts'}`}
      </span>
      <label className="hosts-page-size">
        Per page{' '}
        <select
          value={view.pageSize}
          onChange={(e) => update({ size: Number(e.target.value) === 50 ? null : e.target.value, page: null })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        disabled={view.page <= 1}
        onClick={() => update({ page: view.page > 2 ? view.page - 1 : null })}
      >
        Previous
      </button>
      <span>
        Page {Math.min(view.page, pages)} of {pages}
      </span>
      <button type="button" disabled={!hasMore} onClick={() => update({ page: view.page + 1 })}>
        Next
      </button>
    </nav>
  );
}
