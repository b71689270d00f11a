import type { Bulk } from './collapse';
import { EMPTY_STATE, type Graph, type GraphEdge, type NetworkState } from './graph';
import { attachedGroupId, deepestSwitch, groupsHolding, groupView, subnetGroupId } from './groups';
import { hostLinks, tiersOf } from './tiers';
import { l2Links, l2Nodes } from './views';

/**
 * The grouped L2Physical view of a big network without reading all of it (docs/topology.md "Big networks"):
 * from a few columns of every host and interface (l2-summary.ts), hosts are sorted into those read whole
 * (infrastructure, and hosts linked to a host that is not infrastructure) and two kinds that are counted:
 * hosts linked to infrastructure alone, by the hosts they link to, and hosts linked to nothing, by their
 * first subnet. Counted hosts would be drawn in closed groups; the members of a group that will be open, or
 * of a group of one, are read whole too. The answer is that of groupView over the whole view
 * (test/topology/first-frame.property.e2e-spec.ts).
 */
export interface L2Summary {
  /** Hosts and interfaces in the whole view. */
  nodeCount: number;
  /** Hosts read whole: how many hosts each links to, and which of those are read whole (for their tiers). */
  whole: { id: string; name: string; device_type: string; degree: number; linked: string[] }[];
  endpoints: EndpointBucket[];
  unlinked: UnlinkedBucket[];
  /** Every link between two interfaces: `pairs` holds two indexes into `interfaces` per link. */
  links: { interfaces: readonly { id: string; host_id: string }[]; pairs: Int32Array };
  /** Every host's place in the order views read hosts in: a group's sample follows it. */
  rank: ReadonlyMap<string, number>;
}

/** Members counted, not read: their ids, the first five with their labels. */
export interface Counted {
  members: string[];
  sample: { rank: number; label: string }[];
}

/** Hosts linked to these infrastructure hosts alone (sorted ids), and their links, per far interface. */
export interface EndpointBucket extends Counted {
  linked: string[];
  edges: { interface_id: string; host_id: string; count: number }[];
}

/** Hosts linked to nothing, whose first address is in this subnet (null: none). */
export interface UnlinkedBucket extends Counted {
  subnet_id: string | null;
}

/** The attached group each endpoint bucket falls into (as groups.ts picks it), from the tiers of those read whole. */
function attachedGroups(summary: L2Summary) {
  const links = new Map(summary.whole.map((h) => [h.id, new Set(h.linked)]));
  const degree = new Map(summary.whole.map((h) => [h.id, h.degree]));
  const { tier } = tiersOf({ hosts: summary.whole, links, degree });
  const tierOf = (id: string) => tier.get(id)!;
  const groupOf = new Map(summary.endpoints.map((b) => [b, attachedGroupId(deepestSwitch(b.linked, tierOf))]));
  const totals = new Map<string, number>();
  for (const [bucket, group] of groupOf) totals.set(group, (totals.get(group) ?? 0) + bucket.members.length);
  return { groupOf, totals };
}

/** What to read whole: hosts, and the interfaces on links between two of them. */
export interface ReadPlan {
  hosts: string[];
  interfaces: string[];
}

/**
 * Which hosts to read whole: those listed whole, and the members of groups that will not be drawn closed
 * (a group `expanded` opens, a group of one, drawn as its member).
 */
export function readPlan(summary: L2Summary, expanded: ReadonlySet<string>): ReadPlan {
  const ids = summary.whole.map((h) => h.id);
  const { groupOf, totals } = attachedGroups(summary);
  const readMembers = (bucket: Counted) => bucket.members.forEach((id) => ids.push(id));
  for (const [bucket, group] of groupOf) if (totals.get(group) === 1 || expanded.has(group)) readMembers(bucket);
  for (const bucket of summary.unlinked)
    if (bucket.members.length === 1 || expanded.has(subnetGroupId(bucket.subnet_id))) readMembers(bucket);
  const hosts = new Set(ids);
  const { interfaces, pairs } = summary.links;
  const read = new Set<string>();
  for (let k = 0; k < pairs.length; k += 2) {
    const [a, b] = [interfaces[pairs[k]], interfaces[pairs[k + 1]]];
    if (hosts.has(a.host_id) && hosts.has(b.host_id)) read.add(a.id).add(b.id);
  }
  return { hosts: ids, interfaces: [...read] };
}

/** Those read whole: their rows, the interfaces on links between them, their addresses, every subnet. */
export type WholeHosts = Pick<NetworkState, 'hosts' | 'interfaces' | 'ip_addresses' | 'subnets'>;

const BLANK_HOST: NetworkState['hosts'][number] = {
  id: '',
  name: '',
  hostname: '',
  virtualization: null,
  source: { type: 'Discovery' },
  device_type: 'Unknown',
  vendor: null,
  model: null,
  os: null,
  location: null,
};

/** The grouped view from the summary and the hosts its read plan named, read whole. Pure. */
export function firstFrame(
  summary: L2Summary,
  read: WholeHosts,
  expanded: ReadonlySet<string>,
  threshold?: number,
): Graph {
  const { graph, state, summarised } = summarisedView(summary, read);
  return groupView('L2Physical', graph, state, expanded, threshold, summarised);
}

/** The groups to open to draw a host (find.ts), from the summary and the hosts its read plan named, read whole. */
export function summarisedHolding(summary: L2Summary, read: WholeHosts): (hostId: string) => string[] {
  const { graph, state, summarised, standInFor } = summarisedView(summary, read);
  const holding = groupsHolding('L2Physical', graph, state, summarised.links);
  const standInOf = new Map<string, string>();
  for (const [bucket, id] of standInFor) for (const member of bucket.members) standInOf.set(member, id);
  return (hostId) => holding(standInOf.get(hostId) ?? hostId);
}

/**
 * The view of the hosts read whole, each bucket not read standing in it as one node for its members, linked
 * to what its members link to.
 */
function summarisedView(summary: L2Summary, read: WholeHosts) {
  const readIds = new Set(read.hosts.map((h) => h.id));
  // a bucket is read whole or not at all
  const readWhole = (bucket: Counted) => readIds.has(bucket.members[0]);
  const readInterfaces = new Set(read.interfaces.map((i) => i.id));
  const edges = l2Links(read.interfaces);
  const links = new Map(hostLinks(edges, () => new Map(read.interfaces.map((i) => [i.id, i.host_id]))));
  const bulk = {
    nodeCount: summary.nodeCount,
    members: new Map<string, { count: number; sample: Counted['sample'] }>(),
    rank: summary.rank,
    edgeCount: new Map<string, number>(),
  } satisfies Bulk;
  const standIns: NetworkState['hosts'] = [];
  const standInAddresses: NetworkState['ip_addresses'] = [];
  const standInEdges = new Map<string, GraphEdge>();
  const standInFor = new Map<Counted, string>();

  const standIn = (bucket: Counted, id: string) => {
    bulk.members.set(id, { count: bucket.members.length, sample: bucket.sample });
    standInFor.set(bucket, id);
    standIns.push({ ...BLANK_HOST, id });
  };

  summary.endpoints.forEach((bucket, index) => {
    if (readWhole(bucket)) return;
    const id = `bulk:endpoints:${index}`;
    standIn(bucket, id);
    links.set(id, new Set(bucket.linked));
    for (const far of bucket.edges) {
      // the far port when it is read (it has links to hosts read whole), else its host, where it folds
      const target = readInterfaces.has(far.interface_id) ? far.interface_id : far.host_id;
      const edgeId = `${id}:${target}`;
      bulk.edgeCount.set(edgeId, (bulk.edgeCount.get(edgeId) ?? 0) + far.count);
      standInEdges.set(edgeId, { id: edgeId, source: id, target, kind: 'link', data: {} });
    }
  });
  summary.unlinked.forEach((bucket, index) => {
    if (readWhole(bucket)) return;
    const id = `bulk:unlinked:${index}`;
    standIn(bucket, id);
    if (bucket.subnet_id)
      standInAddresses.push({ id, host_id: id, subnet_id: bucket.subnet_id, ip_address: '', position: 0 });
  });

  const degree = new Map(summary.whole.map((h) => [h.id, h.degree]));
  const graph: Graph = {
    nodes: [
      ...l2Nodes(read, tiersOf({ hosts: read.hosts, links, degree })),
      ...standIns.map((h) => ({ id: h.id, kind: 'host', label: '', data: {} })),
    ],
    edges: [...edges, ...standInEdges.values()],
  };
  const state: NetworkState = {
    ...EMPTY_STATE,
    hosts: [...read.hosts, ...standIns],
    subnets: read.subnets,
    ip_addresses: [...read.ip_addresses, ...standInAddresses],
    interfaces: read.interfaces,
  };
  return { graph, state, summarised: { links, bulk }, standInFor };
}
