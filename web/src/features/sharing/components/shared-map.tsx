import { useMemo, useState } from 'react';
import { type Selection, TopologyCanvas } from '../../../lib/graph';
import type { ShareMetadata, SharedGraph, ShareView } from '../api';
import { formatValue, listGraph } from '../graph-list';
import { VIEW_LABELS } from '../share-form';

function Inspector({ selection, onClose }: { selection: Selection; onClose: () => void }) {
  const [title, kind, data] =
    selection.type === 'node'
      ? [selection.node.label, selection.node.kind, selection.node.data]
      : [
          `${selection.source?.label ?? selection.edge.source} — ${selection.target?.label ?? selection.edge.target}`,
          selection.edge.kind,
          selection.edge.data,
        ];
  const rows = Object.entries(data).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <aside className="share-inspector card" aria-label="Details">
      <header>
        <h2>{title}</h2>
        <button type="button" className="link-button" aria-label="Close details" onClick={onClose}>
          ✕
        </button>
      </header>
      <p className="muted">{kind}</p>
      {rows.length > 0 && (
        <dl>
          {rows.map(([key, value]) => (
            <div key={key}>
              <dt>{key.replace(/_/g, ' ')}</dt>
              <dd>{formatValue(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </aside>
  );
}

/**
 * The shared topology, read-only: the canvas with the controls the share allows, the inspector when
 * allowed, and the same nodes as a list for people who cannot see the drawing.
 */
export function SharedMap({ share, view, graph }: { share: ShareMetadata; view: ShareView; graph: SharedGraph }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const rows = useMemo(() => listGraph(graph), [graph]);
  const inspect = share.options.show_inspect_panel;
  const selectedId = selection ? (selection.type === 'node' ? selection.node.id : selection.edge.id) : null;
  return (
    <>
      <div className="share-map">
        <TopologyCanvas
          graph={graph}
          view={view}
          readOnly
          selectedId={inspect ? selectedId : null}
          onSelect={inspect ? setSelection : undefined}
          controls={{
            zoom: share.options.show_zoom_controls,
            minimap: share.options.show_minimap,
            export: share.options.show_export_button,
            search: true,
            legend: true,
          }}
          fileName={`${share.name} - ${VIEW_LABELS[view]}`}
          caption={{ title: `${VIEW_LABELS[view]} map`, network: share.name }}
          label={`${share.name}: ${VIEW_LABELS[view]} map with ${rows.length} nodes`}
        />
        {inspect && selection && <Inspector selection={selection} onClose={() => setSelection(null)} />}
      </div>
      <details className="share-list">
        <summary>Nodes as a list ({rows.length})</summary>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Node</th>
                <th scope="col">Kind</th>
                <th scope="col">In</th>
                <th scope="col">Linked to</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{row.label}</th>
                  <td>{row.kind}</td>
                  <td>{row.within ?? '—'}</td>
                  <td>{row.links.join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
