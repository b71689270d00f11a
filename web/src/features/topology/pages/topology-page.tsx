import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../api/errors';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { TimeTravel } from '../../../components/time-travel';
import {
  isView,
  TopologyCanvas,
  type Positions,
  type Selection,
  type TopologyGraph,
  type View,
} from '../../../lib/graph';
import { useUrlState } from '../../../lib/url-state';
import { findNodes, useHostsAt, useNetworks, useResetPositions, useSavePositions, useTopology } from '../api';
import { ChangeList } from '../components/change-list';
import { PathPanel } from '../components/path-panel';
import { Inspector, selectionOf } from '../components/inspectors';
import { VIEW_LABELS, ViewTabs } from '../components/view-tabs';
import { groupTitle } from '../groups';
import { hostsAtBoth, useDiff } from '../use-diff';
import { usePathState } from '../use-path-state';
import '../topology.css';

const SAVE_DELAY = 600;
const PANEL_ID = 'topology-panel';

/**
 * /topology?network_id&view&at&compare&node&expand&path_from&path_to: one view of a network drawn as a
 * graph, with an inspector for the selected node or edge, when comparing two instants the changes between
 * them, and on L2Physical the path between two hosts.
 */
export function TopologyPage() {
  const [params, update] = useUrlState();
  const networks = useNetworks();
  const networkId = params.get('network_id') ?? networks.data?.items[0]?.id ?? null;
  const network = networks.data?.items.find((n) => n.id === networkId);
  const viewParam = params.get('view');
  const view: View = isView(viewParam) ? viewParam : 'L2Physical';
  const at = params.get('at');
  const compare = params.get('compare');
  const selectedId = params.get('node');
  const expandKey = params.getAll('expand').join(',');
  const expand = useMemo(() => (expandKey ? expandKey.split(',') : []), [expandKey]);
  // The second instant picker shows once asked for (or when the URL already compares).
  const [comparing, setComparing] = useState(false);

  const current = useTopology(networkId ? { network_id: networkId, view, at, expand } : null);
  const earlier = useTopology(networkId && compare ? { network_id: networkId, view, at: compare, expand } : null);

  // A host whose children changed is changed too: the compare reads the hosts drawn at both instants.
  const bothIds = compare ? hostsAtBoth(current.data, earlier.data) : [];
  const hostsNow = useHostsAt(networkId, bothIds, at);
  const hostsThen = useHostsAt(networkId, bothIds, compare);
  const hosts = useMemo(
    () => (hostsNow.data && hostsThen.data ? { at: hostsNow.data, compare: hostsThen.data } : undefined),
    [hostsNow.data, hostsThen.data],
  );
  const diff = useDiff(current.data, earlier.data, at, compare, hosts);
  // Opening or closing a group keeps what is selected, unless that is the group itself (it goes or comes).
  const keepSelection = (groupId: string) => (selectedId === groupId ? { node: null } : {});
  const find = useCallback(
    async (q: string) =>
      networkId
        ? (await findNodes({ network_id: networkId, view, q, ...(at && { at }) })).map((m) => ({
            id: m.node_id,
            label: m.label,
            kind: m.kind,
            ...(m.matched_on !== 'name' && { detail: `${m.matched_on} ${m.text}` }),
            open: m.open.filter((g) => !expand.includes(g)),
          }))
        : [],
    [networkId, view, at, expand],
  );
  const shown: TopologyGraph | undefined = diff?.union ?? current.data;
  const path = usePathState(params, update, networkId, view, at);

  const select = useCallback(
    (selection: Selection | null) =>
      update({ node: selection ? (selection.type === 'node' ? selection.node.id : selection.edge.id) : null }),
    [update],
  );
  const selectId = useCallback((id: string) => update({ node: id }), [update]);
  const selection = useMemo(() => (shown ? selectionOf(shown, selectedId) : null), [shown, selectedId]);

  const { savePositions, saveError } = useDebouncedSave(networkId ?? '', view);
  const reset = useResetPositions(networkId ?? '', view);

  const picker = networks.data && networks.data.items.length > 0 && (
    <label className="inline-field">
      Network
      <select
        value={networkId ?? ''}
        onChange={(e) =>
          update({ network_id: e.target.value, node: null, expand: null, path_from: null, path_to: null })
        }
      >
        {networks.data.items.map((n) => (
          <option key={n.id} value={n.id}>
            {n.name}
          </option>
        ))}
      </select>
    </label>
  );

  if (networks.isPending)
    return (
      <Page title="Topology">
        <Loading label="Loading networks" />
      </Page>
    );
  if (networks.error)
    return (
      <Page title="Topology">
        <ErrorState error={networks.error} onRetry={() => void networks.refetch()} />
      </Page>
    );
  if (!networks.data.items.length)
    return (
      <Page title="Topology">
        <EmptyState title="No networks yet">
          <Link to="/networks">Create a network</Link>, then run a discovery or add hosts to see its topology.
        </EmptyState>
      </Page>
    );

  const error = current.error ?? earlier.error ?? hostsNow.error ?? hostsThen.error;
  const loading = current.isPending || (!!compare && (earlier.isPending || hostsNow.isLoading || hostsThen.isLoading));

  return (
    <Page
      title="Topology"
      actions={
        <>
          {picker}
          <button
            type="button"
            onClick={() => reset.mutate()}
            disabled={reset.isPending || !networkId}
            title="Forget the saved positions of this view"
          >
            Reset layout
          </button>
        </>
      }
    >
      <div className="topology-toolbar">
        <ViewTabs view={view} onChange={(v) => update({ view: v, node: null, expand: null })} panelId={PANEL_ID} />
        {/* Both sliders span the network's life, as the hosts page's does: from its creation to now. */}
        <TimeTravel since={network?.created_at} />
        {compare || comparing ? (
          <TimeTravel param="compare" label="Compare with" since={network?.created_at} />
        ) : (
          <button type="button" onClick={() => setComparing(true)}>
            Compare with…
          </button>
        )}
      </div>
      {(saveError || reset.error) && (
        <p className="notice" role="status">
          Layout not saved: {describeError(saveError ?? reset.error)}
        </p>
      )}
      <div
        className={`topology-body${selection || diff || expand.length || path.shown ? ' with-side' : ''}`}
        role="tabpanel"
        id={PANEL_ID}
        aria-labelledby={`view-tab-${view}`}
      >
        <div className="topology-main">
          {error ? (
            <ErrorState
              error={error}
              onRetry={() => {
                void current.refetch();
                if (compare) for (const q of [earlier, hostsNow, hostsThen]) if (q.error) void q.refetch();
              }}
            />
          ) : loading || !shown ? (
            <Loading label={`Loading the ${VIEW_LABELS[view]} view`} />
          ) : shown.nodes.length === 0 ? (
            <EmptyState title={`Nothing to draw in the ${VIEW_LABELS[view]} view`}>
              {at || compare
                ? 'The network had nothing of this kind at that time.'
                : 'Run a discovery or add hosts, interfaces, subnets or services to this network.'}
            </EmptyState>
          ) : (
            <TopologyCanvas
              graph={shown}
              view={view}
              selectedId={selectedId}
              onSelect={select}
              highlight={diff?.highlight ?? path.highlight}
              readOnly={!!diff}
              onPositionsChange={savePositions}
              fileName={`topology-${view}`}
              label={`${VIEW_LABELS[view]} topology`}
              caption={{ title: `${VIEW_LABELS[view]} topology`, network: network?.name, at, compare }}
              layoutScope={`${networkId}:${view}`}
              find={find}
              onReveal={(entry) => update({ expand: [...new Set([...expand, ...(entry.open ?? [])])], node: entry.id })}
            />
          )}
        </div>
        {(selection || diff || expand.length > 0 || path.shown) && shown && (
          <aside className="topology-side" aria-label="Details">
            {path.shown && (
              <PathPanel
                graph={shown}
                from={path.from}
                to={path.to}
                answer={path.answer}
                error={path.error}
                onSelectId={selectId}
                onSwap={path.swap}
                onClear={path.clear}
              />
            )}
            {expand.length > 0 && (
              <section className="expanded-groups" aria-label="Expanded groups">
                <h2>Expanded groups</h2>
                <ul className="inspector-list">
                  {expand.map((id) => (
                    <li key={id}>
                      <span>{groupTitle(id, shown)}</span>{' '}
                      <button
                        type="button"
                        onClick={() => update({ expand: expand.filter((x) => x !== id), ...keepSelection(id) })}
                      >
                        Collapse
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {selection && (
              <Inspector
                selection={selection}
                graph={shown}
                onSelectId={selectId}
                onExpand={(id) => update({ expand: [...new Set([...expand, id])], ...keepSelection(id) })}
                onCollapse={(id) => update({ expand: expand.filter((x) => x !== id), ...keepSelection(id) })}
                path={view === 'L2Physical' ? { from: path.from, to: path.to, onEnd: path.setEnd } : undefined}
              />
            )}
            {diff && <ChangeList changes={diff.changes} onSelectId={selectId} />}
          </aside>
        )}
      </div>
    </Page>
  );
}

/** Positions dragged within SAVE_DELAY are sent together (PUT merges them into the saved layout). */
function useDebouncedSave(networkId: string, view: View) {
  const save = useSavePositions();
  const pending = useRef<{ network_id: string; view: View; positions: Positions } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [saveError, setSaveError] = useState<unknown>(null);
  const mutate = save.mutateAsync;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const body = pending.current;
    pending.current = null;
    if (!body) return;
    mutate(body).then(
      () => setSaveError(null),
      (error: unknown) => setSaveError(error),
    );
  }, [mutate]);

  // Leaving the page, the network or the view sends what is pending now rather than dropping it.
  useEffect(() => flush, [networkId, view, flush]);

  const savePositions = useCallback(
    (positions: Positions) => {
      const same = pending.current?.network_id === networkId && pending.current.view === view;
      if (pending.current && !same) flush();
      pending.current = {
        network_id: networkId,
        view,
        positions: { ...(same ? pending.current!.positions : {}), ...positions },
      };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY);
    },
    [flush, networkId, view],
  );
  return { savePositions, saveError };
}
