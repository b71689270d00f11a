import { collapse, GROUP_THRESHOLD, type GroupSpec } from './collapse';
import type { Graph, NetworkState, View } from './graph';

/** What `group=auto` needs besides a view's own tables: where hosts are (their first subnet). */
export const GROUPING_TABLES: (keyof NetworkState)[] = ['hosts', 'subnets', 'ip_addresses'];

/** One chain per key, made once: members of a group share their chain (10,000 hosts, a few groups). */
function chains(): (key: string, make: () => GroupSpec[]) => GroupSpec[] {
  const made = new Map<string, GroupSpec[]>();
  return (key, make) => {
    let chain = made.get(key);
    if (!chain) made.set(key, (chain = make()));
    return chain;
  };
}

/** The subnet group of each host: that of its first address (as L3Logical draws it). */
function subnetGroups(state: NetworkState, noun: string): (hostId: string) => GroupSpec {
  const cidrs = new Map(state.subnets.map((s) => [s.id, s.cidr]));
  const first = new Map<string, NetworkState['ip_addresses'][number]>();
  for (const ip of state.ip_addresses) {
    const top = first.get(ip.host_id);
    if (!top || ip.position < top.position || (ip.position === top.position && ip.ip_address < top.ip_address))
      first.set(ip.host_id, ip);
  }
  const specs = new Map<string, GroupSpec>();
  const none: GroupSpec = { id: 'group:subnet:none', group_kind: 'subnet', title: 'No subnet', noun };
  return (hostId) => {
    const subnetId = first.get(hostId)?.subnet_id;
    const cidr = subnetId && cidrs.get(subnetId);
    if (!subnetId || !cidr) return none;
    let spec = specs.get(subnetId);
    if (!spec)
      specs.set(subnetId, (spec = { id: `group:subnet:${subnetId}`, group_kind: 'subnet', title: cidr, noun }));
    return spec;
  };
}

/** The one host a host links to, or SEVERAL. */
const SEVERAL = Symbol('several');

/**
 * L2Physical: a host whose links all go to one other host that links to several (a switch) joins the
 * switch's group of attached hosts; a host without links joins its subnet's group. Hosts with links to
 * several hosts (switches, routers) stay; their ports that lead only into a group fold into them.
 */
function l2Memberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const hostOf = new Map(state.interfaces.map((i) => [i.id, i.host_id]));
  const linkedTo = new Map<string, string | typeof SEVERAL>();
  const link = (from: string, to: string) => {
    const known = linkedTo.get(from);
    if (known === undefined) linkedTo.set(from, to);
    else if (known !== to) linkedTo.set(from, SEVERAL);
  };
  for (const edge of graph.edges) {
    const [a, b] = [hostOf.get(edge.source), hostOf.get(edge.target)];
    if (!a || !b || a === b) continue;
    link(a, b);
    link(b, a);
  }
  const names = new Map(state.hosts.map((h) => [h.id, h.name]));
  const subnetOf = subnetGroups(state, 'hosts');
  const chain = chains();
  const memberships = new Map<string, GroupSpec[]>();
  for (const { id } of state.hosts) {
    const near = linkedTo.get(id);
    if (near === undefined) {
      const spec = subnetOf(id);
      memberships.set(
        id,
        chain(spec.id, () => [spec]),
      );
    } else if (near !== SEVERAL && linkedTo.get(near) === SEVERAL) {
      memberships.set(
        id,
        chain(near, () => [
          { id: `group:attached:${near}`, group_kind: 'attached', title: names.get(near)!, noun: 'hosts' },
        ]),
      );
    }
  }
  return memberships;
}

/** L3Logical: the hosts of a subnet, inside it. */
function l3Memberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const subnetOf = subnetGroups(state, 'hosts');
  const chain = chains();
  const memberships = new Map<string, GroupSpec[]>();
  for (const node of graph.nodes) {
    if (node.kind !== 'host') continue;
    const spec = subnetOf(node.id);
    memberships.set(
      node.id,
      chain(`${spec.id}|${node.parent ?? ''}`, () => [node.parent ? { ...spec, parent: node.parent } : spec]),
    );
  }
  return memberships;
}

/** Workloads: the VMs and containers of a hypervisor, inside it; hosts standing alone by subnet. */
function workloadMemberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const subnetOf = subnetGroups(state, 'hosts');
  const labels = new Map(graph.nodes.map((n) => [n.id, n.label]));
  const chain = chains();
  const memberships = new Map<string, GroupSpec[]>();
  for (const node of graph.nodes) {
    if (node.kind === 'hypervisor') continue;
    const parent = node.parent;
    if (parent) {
      memberships.set(
        node.id,
        chain(parent, () => [
          { id: `group:guests:${parent}`, group_kind: 'guests', title: labels.get(parent)!, noun: 'guests', parent },
        ]),
      );
    } else {
      const spec = subnetOf(node.id);
      memberships.set(
        node.id,
        chain(spec.id, () => [spec]),
      );
    }
  }
  return memberships;
}

/** Application: the services of a host, then, if that is still too many, the services of a subnet. */
function applicationMemberships(graph: Graph, state: NetworkState): Map<string, GroupSpec[]> {
  const subnetOf = subnetGroups(state, 'services');
  const names = new Map(state.hosts.map((h) => [h.id, h.name]));
  const chain = chains();
  const memberships = new Map<string, GroupSpec[]>();
  for (const node of graph.nodes) {
    const hostId = node.data.host_id as string;
    memberships.set(
      node.id,
      chain(hostId, () => [
        { id: `group:services:${hostId}`, group_kind: 'host', title: names.get(hostId) ?? 'Host', noun: 'services' },
        subnetOf(hostId),
      ]),
    );
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
