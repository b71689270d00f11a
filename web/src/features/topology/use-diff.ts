import { useMemo, useState } from 'react';
import { diffTopology, type TopologyDiff, type TopologyGraph } from '../../lib/graph';

/**
 * The diff between the graph at `at` (now when empty) and at `compare`: the earlier instant is "before"
 * whichever parameter holds it. Null until both graphs are here, or when not comparing.
 */
export function useDiff(
  atGraph: TopologyGraph | undefined,
  compareGraph: TopologyGraph | undefined,
  at: string | null,
  compare: string | null,
): TopologyDiff | null {
  const [openedAt] = useState(() => Date.now());
  return useMemo(() => {
    if (!compare || !atGraph || !compareGraph) return null;
    const compareFirst = new Date(compare).getTime() <= (at ? new Date(at).getTime() : openedAt);
    return compareFirst ? diffTopology(compareGraph, atGraph) : diffTopology(atGraph, compareGraph);
  }, [atGraph, compareGraph, at, compare, openedAt]);
}
