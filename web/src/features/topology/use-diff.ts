import { useMemo, useState } from 'react';
import { diffTopology, type TopologyDiff, type TopologyGraph } from '../../lib/graph';
import { childChanges, type HostChildren } from './host-changes';

/**
 * The diff between the graph at `at` (now when empty) and at `compare`: the earlier instant is "before"
 * whichever parameter holds it. The hosts of both instants (their ports, services, interfaces, addresses)
 * mark a host changed when only its children changed. Null until both graphs are here, or when not comparing.
 */
export function useDiff(
  atGraph: TopologyGraph | undefined,
  compareGraph: TopologyGraph | undefined,
  at: string | null,
  compare: string | null,
  hosts: { at: HostChildren[]; compare: HostChildren[] } | undefined,
): TopologyDiff | null {
  const [openedAt] = useState(() => Date.now());
  return useMemo(() => {
    if (!compare || !atGraph || !compareGraph) return null;
    const compareFirst = new Date(compare).getTime() <= (at ? new Date(at).getTime() : openedAt);
    const inside = hosts
      ? compareFirst
        ? childChanges(hosts.compare, hosts.at)
        : childChanges(hosts.at, hosts.compare)
      : {};
    return compareFirst ? diffTopology(compareGraph, atGraph, inside) : diffTopology(atGraph, compareGraph, inside);
  }, [atGraph, compareGraph, at, compare, openedAt, hosts]);
}

const MACHINES = new Set(['host', 'hypervisor', 'vm', 'container']);

/** Ids of the hosts drawn at both instants: the only ones whose children can have changed. */
export function hostsAtBoth(a: TopologyGraph | undefined, b: TopologyGraph | undefined): string[] {
  if (!a || !b) return [];
  const inB = new Set(b.nodes.filter((n) => MACHINES.has(n.kind)).map((n) => n.id));
  return a.nodes
    .filter((n) => MACHINES.has(n.kind) && inB.has(n.id))
    .map((n) => n.id)
    .sort();
}
