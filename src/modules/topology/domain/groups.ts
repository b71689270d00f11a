import { groupBy } from '../../../common/collections';
import { collapse, GROUP_THRESHOLD, type GroupSpec } from './collapse';
import type { Graph, NetworkState, View } from './graph';

/** What `group=auto` needs besides a view's own tables: where hosts are (their first subnet). */
export const GROUPING_TABLES: (keyof NetworkState)[] = ['hosts', 'subnets', 'ip_addresses'];

/** The subnet each host is in: that of its first address (as L3Logical draws it). */
function subnetGroups(state: NetworkState, noun: string): (hostId: string) => GroupSpec {
  const cidrs = new Map(state.subnets.map((s) => [s.id, s.cidr]));
  const first = new Map<string, string>();
  for (const [hostId, ips] of groupBy(state.ip_addresses, (ip) => ip.host_id)) {
    const [top] = [...ips].sort((a, b) => a.position - b.position || (a.ip_address < b.ip_address ? -1 : 1));
    if (cidrs.has(top.subnet_id)) first.set(hostId, top.subnet_id);
  }
  return (hostId) => {
    const subnetId = first.get(hostId);
    return subnetId
      ? { id: `group:subnet:${subnetId}`, group_kind: 'subnet', title: cidrs.get(subnetId)!, noun }
      : { id: 'group:subnet:none', group_kind: 'subnet', title: 'No subnet', noun };
  };
}

/**
 * L2Physical: a host whose links all go to one other host that links to several (a switch) joins the
 * switch's group of attached hosts; a host without links joins its subnet's group. Hosts with links to
 * several hosts (switches, routers) stay; their ports that lead only into a group fold into them.
 */
function l2Memberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const hostOf = new Map(state.interfaces.map((i) => [i.id, i.host_id]));
  const neighbours = new Map<string, Set<string>>(state.hosts.map((h) => [h.id, new Set()]));
  for (const edge of graph.edges) {
    const [a, b] = [hostOf.get(edge.source), hostOf.get(edge.target)];
    if (!a || !b || a === b) continue;
    neighbours.get(a)?.add(b);
    neighbours.get(b)?.add(a);
  }
  const names = new Map(state.hosts.map((h) => [h.id, h.name]));
  const subnetOf = subnetGroups(state, 'hosts');
  const memberships = new Map<string, GroupSpec[]>();
  for (const [hostId, near] of neighbours) {
    if (near.size === 0) memberships.set(hostId, [subnetOf(hostId)]);
    else if (near.size === 1) {
      const [attachedTo] = near;
      if (neighbours.get(attachedTo)!.size < 2) continue;
      const title = names.get(attachedTo)!;
      memberships.set(hostId, [{ id: `group:attached:${attachedTo}`, group_kind: 'attached', title, noun: 'hosts' }]);
    }
  }
  return memberships;
}

/** L3Logical: the hosts of a subnet. */
function l3Memberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const subnetOf = subnetGroups(state, 'hosts');
  return new Map(
    graph.nodes
      .filter((n) => n.kind === 'host')
      .map((n) => {
        const spec = subnetOf(n.id);
        return [n.id, [n.parent ? { ...spec, parent: n.parent } : spec]];
      }),
  );
}

/** Workloads: the VMs and containers of a hypervisor; hosts standing alone by subnet. */
function workloadMemberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const subnetOf = subnetGroups(state, 'hosts');
  const labels = new Map(graph.nodes.map((n) => [n.id, n.label]));
  const memberships = new Map<string, GroupSpec[]>();
  for (const node of graph.nodes) {
    if (node.kind === 'hypervisor') continue;
    memberships.set(
      node.id,
      node.parent
        ? [
            {
              id: `group:guests:${node.parent}`,
              group_kind: 'guests',
              title: labels.get(node.parent)!,
              noun: 'guests',
              parent: node.parent,
            },
          ]
        : [subnetOf(node.id)],
    );
  }
  return memberships;
}

/** Application: the services of a host, then, if that is still too many, the services of a subnet. */
function applicationMemberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const subnetOf = subnetGroups(state, 'services');
  const names = new Map(state.hosts.map((h) => [h.id, h.name]));
  const memberships = new Map<string, GroupSpec[]>();
  for (const node of graph.nodes) {
    const hostId = node.data.host_id as string;
    memberships.set(node.id, [
      { id: `group:services:${hostId}`, group_kind: 'host', title: names.get(hostId) ?? 'Host', noun: 'services' },
      subnetOf(hostId),
    ]);
  }
  return memberships;
}

const MEMBERSHIPS: Record<View, (graph: Graph, state: NetworkState) => Map<string, GroupSpec[]>> = {
  L2Physical: l2Memberships,
  L3Logical: l3Memberships,
  Workloads: workloadMemberships,
  Application: applicationMemberships,
};

/**
 * `group=auto`: a view over the threshold with its members collapsed into group nodes, except the groups
 * in `expanded`. A view at or under the threshold is returned as it is. Pure.
 */
export function groupView(
  view: View,
  graph: Graph,
  state: NetworkState,
  expanded: ReadonlySet<string>,
  threshold = GROUP_THRESHOLD,
): Graph {
  if (graph.nodes.length <= threshold) return graph;
  return collapse(graph, {
    memberships: MEMBERSHIPS[view](graph, state),
    expanded,
    threshold,
    foldable: view === 'L2Physical' ? ['interface'] : [],
  });
}
