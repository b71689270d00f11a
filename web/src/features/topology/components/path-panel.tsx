import { ApiError, describeError } from '../../../api/errors';
import type { TopologyGraph } from '../../../lib/graph';
import type { PathAnswer } from '../path';
import { HopList } from './hop-list';
import '../path.css';

export interface PathPanelProps {
  graph: TopologyGraph;
  from: string | null;
  to: string | null;
  answer: PathAnswer | undefined;
  error: unknown;
  onSelectId: (id: string) => void;
  onSwap: () => void;
  onClear: () => void;
}

/** Why a path could not be asked for, in a person's words. */
function problem(error: unknown): string {
  if (error instanceof ApiError && error.code === 'entity_not_found' && error.params.entity === 'host')
    return 'One of the two hosts is not on the map at this instant.';
  return describeError(error);
}

/** The path between the two hosts picked (path_from, path_to): its ends, then the hops or why there is none. */
export function PathPanel({ graph, from, to, answer, error, onSelectId, onSwap, onClear }: PathPanelProps) {
  const name = (id: string | null) =>
    id ? (graph.nodes.find((n) => n.id === id)?.label ?? 'a host not drawn') : 'pick a host';
  return (
    <section className="path-panel" aria-label="Path">
      <h2>Path</h2>
      <p className="path-ends">
        From <strong>{name(from)}</strong> to <strong>{name(to)}</strong>
      </p>
      <p className="path-actions">
        <button type="button" onClick={onSwap} disabled={!from || !to}>
          Swap
        </button>{' '}
        <button type="button" onClick={onClear}>
          Clear path
        </button>
      </p>
      {!from || !to ? (
        <p className="muted">
          Select another host on the map and choose “Path {from ? 'to' : 'from'} here” in its inspector.
        </p>
      ) : error ? (
        <p className="path-none" role="alert">
          {problem(error)}
        </p>
      ) : !answer ? (
        <p className="muted" role="status">
          Finding the path…
        </p>
      ) : answer.found && answer.hops && answer.links ? (
        <>
          <p className="path-summary" role="status">
            {answer.hops.length} devices, {answer.links.length} {answer.links.length === 1 ? 'link' : 'links'}
          </p>
          <HopList hops={answer.hops} links={answer.links} onSelectId={onSelectId} />
        </>
      ) : (
        <p className="path-none" role="status" data-testid="path-reason">
          <strong>No path known.</strong> {answer.reason}
        </p>
      )}
    </section>
  );
}
