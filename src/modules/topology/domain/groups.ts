import { type Bulk, collapse, GROUP_THRESHOLD, type GroupSpec } from './collapse';
import type { Graph, NetworkState, View } from './graph';
import { hostLinks } from './tiers';

/** What `group=auto` needs besides a view's own tables: where hosts are (their first subnet). */
export const GROUPING_TABLES: (keyof NetworkState)[] = ['hosts', 'subnets', 'ip_addresses'];

/** The group of the hosts linked to a switch alone, and of the hosts without links in a subnet (null: none). */
export const attachedGroupId = (switchId: string) => `group:attached:${switchId}`;
export const subnetGroupId = (subnetId: string | null) => `group:subnet:${subnetId ?? 'none'}`;

/** The switch an endpoint's group is named after: the deepest of those it links to, then the smallest id. */
export const deepestSwitch = (linked: readonly string[], tierOf: (id: string) => number): string =>
  [...linked].sort((a, b) => tierOf(b) - tierOf(a) || (a < b ? -1 : 1))[0];

/** One chain per key, made once: members of a group share their chain (10,000 hosts, a few groups). */
function chains(): (key: string, make: () => (GroupSpec | null)[]) => (GroupSpec | null)[] {
  const made = new Map<string, (GroupSpec | null)[]>();
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
  const none: GroupSpec = { id: subnetGroupId(null), group_kind: 'subnet', title: 'No subnet', noun };
  return (hostId) => {
    const subnetId = first.get(hostId)?.subnet_id;
    const cidr = subnetId && cidrs.get(subnetId);
    if (!subnetId || !cidr) return none;
    let spec = specs.get(subnetId);
    if (!spec) specs.set(subnetId, (spec = { id: subnetGroupId(subnetId), group_kind: 'subnet', title: cidr, noun }));
    return spec;
  };
}

/**
 * L2Physical, two levels. First, a host linked to switches alone that is not one itself (an endpoint) joins
 * the group of the deepest switch it links to (`attached`), and a host without links its subnet's group.
 * Then, while still too many, each access switch (one with no switch below it) and its endpoints join the
 * group under the switch it hangs under (`access`, e.g. all a building's floors under its distribution
 * switch). Tiers and uplinks are the view's (tiers.ts); group nodes carry the tier they are drawn at.
 */
function l2Memberships(
  graph: Graph,
  state: NetworkState,
  known?: Map<string, Set<string>>,
): Map<string, (GroupSpec | null)[]> {
  const hosts = new Map(graph.nodes.filter((n) => n.kind === 'host').map((n) => [n.id, n]));
  const tierOf = (id: string) => Number(hosts.get(id)?.data.tier ?? -1);
  const switches = new Set([...hosts.values()].filter((n) => n.data.infrastructure === true).map((n) => n.id));
  const isSwitch = (id: string) => switches.has(id);
  const links = known ?? hostLinks(graph.edges, () => new Map(state.interfaces.map((i) => [i.id, i.host_id])));
  const names = new Map(state.hosts.map((h) => [h.id, h.name]));
  const below = new Set<string>();
  for (const [id, linked] of links)
    if (isSwitch(id)) for (const m of linked) if (isSwitch(m) && tierOf(m) > tierOf(id)) below.add(id);
  const accessGroup = (switchId: string): GroupSpec | null => {
    const up = hosts.get(switchId)?.data.uplink as string | undefined;
    if (!up || below.has(switchId)) return null;
    return {
      id: `group:access:${up}`,
      group_kind: 'access',
      title: names.get(up)!,
      noun: 'hosts',
      data: { tier: tierOf(up) + 1 },
    };
  };
  const subnetOf = subnetGroups(state, 'hosts');
  const chain = chains();
  const memberships = new Map<string, (GroupSpec | null)[]>();
  for (const { id } of state.hosts) {
    const linked = [...(links.get(id) ?? [])];
    if (isSwitch(id)) {
      const access = accessGroup(id);
      if (access)
        memberships.set(
          id,
          chain(`switch:${access.id}`, () => [null, access]),
        );
    } else if (linked.length === 0) {
      const spec = subnetOf(id);
      memberships.set(
        id,
        chain(spec.id, () => [{ ...spec, data: { tier: -1 } }]),
      );
    } else if (linked.every(isSwitch)) {
      const near = deepestSwitch(linked, tierOf);
      memberships.set(
        id,
        chain(near, () => {
          const attached: GroupSpec = {
            id: attachedGroupId(near),
            group_kind: 'attached',
            title: names.get(near)!,
            noun: 'hosts',
            data: { tier: tierOf(near) + 1 },
          };
          const access = accessGroup(near);
          return access ? [attached, access] : [attached];
        }),
      );
    }
  }
  return memberships;
}

/** L3Logical: the hosts of a subnet, inside it; gateways stay drawn, between the subnets they link. */
function l3Memberships(graph: Graph, state: NetworkState): Map<string, (GroupSpec | null)[]> {
  const subnetOf = subnetGroups(state, 'hosts');
  const chain = chains();
  const memberships = new Map<string, (GroupSpec | null)[]>();
  for (const node of graph.nodes) {
    if (node.kind !== 'host' || node.data.gateway === true) continue;
    const spec = subnetOf(node.id);
    memberships.set(
      node.id,
      chain(`${spec.id}|${node.parent ?? ''}`, () => [node.parent ? { ...spec, parent: node.parent } : spec]),
    );
  }
  return memberships;
}

/** Workloads: the VMs and containers of a hypervisor, inside it; hosts standing alone by subnet. */
function workloadMemberships(graph: Graph, state: NetworkState): Map<string, (GroupSpec | null)[]> {
  const subnetOf = subnetGroups(state, 'hosts');
  const chain = chains();
  const memberships = new Map<string, (GroupSpec | null)[]>();
  for (const node of graph.nodes) {
    if (node.kind === 'hypervisor') continue;
    const parent = node.parent;
    if (parent) {
      memberships.set(
        node.id,
        chain(parent, () => [
          // drawn inside its hypervisor, whose name heads the box: "20 guests"
          { id: `group:guests:${parent}`, group_kind: 'guests', title: '', noun: 'guests', parent },
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
function applicationMemberships(graph: Graph, state: NetworkState): Map<string, (GroupSpec | null)[]> {
  const subnetOf = subnetGroups(state, 'services');
  const names = new Map(state.hosts.map((h) => [h.id, h.name]));
  const chain = chains();
  const memberships = new Map<string, (GroupSpec | null)[]>();
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

type Memberships = (
  graph: Graph,
  state: NetworkState,
  links?: Map<string, Set<string>>,
) => Map<string, (GroupSpec | null)[]>;

const MEMBERSHIPS: Record<View, Memberships> = {
  L2Physical: l2Memberships,
  L3Logical: l3Memberships,
  Workloads: workloadMemberships,
  Application: applicationMemberships,
};

/**
 * A view built from a summary of a big network (first-frame.ts) rather than from all of it: its hosts'
 * links (those read) and the nodes that stand for many members.
 */
export interface Summarised {
  links: Map<string, Set<string>>;
  bulk: Bulk;
}

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
  summarised?: Summarised,
): Graph {
  if ((summarised?.bulk.nodeCount ?? graph.nodes.length) <= threshold) return graph;
  return collapse(graph, {
    memberships: MEMBERSHIPS[view](graph, state, summarised?.links),
    expanded,
    threshold,
    foldable: view === 'L2Physical' ? ['interface'] : [],
    bulk: summarised?.bulk,
  });
}

/** Every group id that may hold a node in a grouped view (each level of its chain), to open to draw it. */
export function groupsHolding(
  view: View,
  graph: Graph,
  state: NetworkState,
  links?: Map<string, Set<string>>,
): (nodeId: string) => string[] {
  const memberships = MEMBERSHIPS[view](graph, state, links);
  return (nodeId) =>
    (memberships.get(nodeId) ?? []).filter((spec): spec is GroupSpec => spec !== null).map((spec) => spec.id);
}
