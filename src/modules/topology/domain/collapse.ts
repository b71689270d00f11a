import type { Graph, GraphEdge, GraphNode } from './graph';

/** Above this many nodes, `group=auto` collapses members into group nodes. */
export const GROUP_THRESHOLD = 300;
/** A group of one would only rename its member. */
const MIN_GROUP_SIZE = 2;
/** How many members' labels a group node carries. */
export const SAMPLE_SIZE = 5;

/** A group a node may collapse into: its id is stable (made of the ids of what it groups by). */
export interface GroupSpec {
  id: string;
  group_kind: string;
  /** What the label starts with: "10.1.2.0/24" in "10.1.2.0/24 · 250 hosts"; empty for "20 guests". */
  title: string;
  /** What the members are called, plural: "hosts". */
  noun: string;
  /** The node that contains the group, when its members had that parent. */
  parent?: string;
  /** More of the group node's data (its tier in L2Physical). */
  data?: Record<string, unknown>;
}

/**
 * Nodes that stand for many members (a big network's first frame reads the hosts it will not draw as counts,
 * first-frame.ts): how many each stands for, its first members' labels with their rank (their place in the
 * network's order, which a group's sample follows), the rank of every other member, and how many links each
 * of its edges stands for. A node standing for many is always in a closed group.
 */
export interface Bulk {
  /** How many nodes the whole graph has: what the threshold is compared with. */
  nodeCount: number;
  members: ReadonlyMap<string, { count: number; sample: { rank: number; label: string }[] }>;
  rank: ReadonlyMap<string, number>;
  edgeCount: ReadonlyMap<string, number>;
}

export interface CollapseOptions {
  /**
   * The groups each collapsible node belongs to, finest first; each further level is coarser. null: not
   * collapsed at that level (a switch stays while its hosts collapse, and joins a group one level up).
   */
  memberships: Map<string, (GroupSpec | null)[]>;
  /** Group ids whose members are drawn as usual. */
  expanded: ReadonlySet<string>;
  threshold?: number;
  /**
   * Kinds of nodes (interfaces) that fold into their parent when every edge they have leads into a group,
   * or when they have no edge at all (unused ports say little in a view too big to show everything).
   */
  foldable?: readonly string[];
  bulk?: Bulk;
}

/**
 * Collapses a graph that has more than `threshold` nodes: each member goes into its group, unless that
 * group is expanded; nodes inside a member (its interfaces) go with it; edges that touch collapsed nodes
 * become one `aggregate` edge per pair of ends, with data.count; edges inside a group are dropped. The
 * finest level is tried first, a coarser one only while the graph, all groups closed, is still over the
 * threshold. Pure.
 */
export function collapse(graph: Graph, options: CollapseOptions): Graph {
  const threshold = options.threshold ?? GROUP_THRESHOLD;
  if ((options.bulk?.nodeCount ?? graph.nodes.length) <= threshold) return graph;
  // The level is chosen as if nothing were open: opening a group then draws its members at that level,
  // instead of pushing the view over the threshold into a coarser level that hides them again.
  const levels = Math.max(0, ...[...options.memberships.values()].map((chain) => chain.length));
  const closed = { ...options, expanded: new Set<string>() };
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  let level = 0;
  // levels that surely draw too many are skipped without placing every node (100,000 hosts: a pass each)
  while (level < levels - 1 && surelyDrawn(graph, options.memberships, level) > threshold) level++;
  let placed = placeAt(graph, nodes, closed, level);
  while (level < levels - 1 && placed.drawnCount > threshold) placed = placeAt(graph, nodes, closed, ++level);
  return assemble(graph, options.expanded.size === 0 ? placed : placeAt(graph, nodes, options, level), options.bulk);
}

/**
 * At least how many nodes a level draws, all groups closed: the top-level nodes that no group of that level
 * or a finer one takes (a switch whose first group is one level up). Groups and ports only add to it.
 */
function surelyDrawn(graph: Graph, memberships: CollapseOptions['memberships'], level: number): number {
  let count = 0;
  for (const node of graph.nodes) {
    if (node.parent) continue;
    const chain = memberships.get(node.id);
    if (!chain || chain.slice(0, level + 1).every((spec) => spec === null)) count++;
  }
  return count;
}

interface Members {
  spec: GroupSpec;
  ids: string[];
  /** How many members, counting those a node stands for. */
  count: number;
}

/** Where each node of the graph is drawn at one level of grouping: itself, its group, or its parent's place. */
interface Placement {
  nodes: Map<string, GraphNode>;
  drawnAt: Map<string, string>;
  members: Map<string, Members>;
  /** A drawn node that belongs to an opened group: that group's id. */
  expandedIn: Map<string, string>;
  /** How many nodes the collapsed graph has. */
  drawnCount: number;
}

function placeAt(graph: Graph, nodes: Map<string, GraphNode>, options: CollapseOptions, level: number): Placement {
  const { memberships, expanded } = options;

  // Each member's group at this level: the coarsest one not expanded, down to the finest.
  const chosen = new Map<string, GroupSpec>();
  const expandedIn = new Map<string, string>();
  for (const [id, chain] of memberships) {
    if (!nodes.has(id)) continue;
    const top = Math.min(level, chain.length - 1);
    let index = top;
    while (index >= 0 && (chain[index] === null || expanded.has(chain[index]!.id))) index--;
    if (index >= 0) chosen.set(id, chain[index]!);
    for (let opened = top; opened > index; opened--) {
      const spec = chain[opened];
      if (spec) {
        expandedIn.set(id, spec.id);
        break;
      }
    }
  }
  const members = new Map<string, Members>();
  for (const [id, spec] of chosen) {
    const count = options.bulk?.members.get(id)?.count ?? 1;
    const group = members.get(spec.id);
    if (group) {
      group.ids.push(id);
      group.count += count;
    } else members.set(spec.id, { spec, ids: [id], count });
  }
  for (const [groupId, group] of members) {
    if (group.count >= MIN_GROUP_SIZE) continue;
    members.delete(groupId);
    for (const id of group.ids) chosen.delete(id);
  }

  const drawnAt = new Map<string, string>();
  const placeOf = (id: string): string => {
    const known = drawnAt.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id);
    const group = chosen.get(id);
    let place = id;
    if (group) place = group.id;
    else if (node?.parent && nodes.has(node.parent)) {
      const parentPlace = placeOf(node.parent);
      if (parentPlace !== node.parent) place = parentPlace;
    }
    drawnAt.set(id, place);
    return place;
  };
  for (const node of graph.nodes) placeOf(node.id);

  // Ports whose every edge now leads into a group fold into their host (the group's edge goes to the host),
  // and so do ports without edges.
  const foldable = new Set(options.foldable ?? []);
  if (foldable.size > 0) {
    const elsewhere = new Set<string>();
    const note = (end: string, far: string) => {
      const kind = nodes.get(end)?.kind;
      if (kind === undefined || !foldable.has(kind) || drawnAt.get(end) !== end) return;
      if (!members.has(drawnAt.get(far) ?? far)) elsewhere.add(end);
    };
    for (const edge of graph.edges) {
      note(edge.source, edge.target);
      note(edge.target, edge.source);
    }
    for (const node of graph.nodes) {
      if (!node.parent || !foldable.has(node.kind) || elsewhere.has(node.id) || drawnAt.get(node.id) !== node.id)
        continue;
      // Folded: every edge leads into a group, or there is none.
      drawnAt.set(node.id, drawnAt.get(node.parent) ?? node.parent);
    }
  }
  let drawnCount = members.size;
  for (const node of graph.nodes) if (drawnAt.get(node.id) === node.id) drawnCount++;
  return { nodes, drawnAt, members, expandedIn, drawnCount };
}

/** The collapsed graph of a placement: drawn nodes, group nodes, edges and one aggregate per pair of ends. */
function assemble(graph: Graph, { nodes, drawnAt, members, expandedIn }: Placement, bulk?: Bulk): Graph {
  const edges: GraphEdge[] = [];
  const aggregates = new Map<string, GraphEdge & { data: { count: number; kinds: string[] } }>();
  for (const edge of graph.edges) {
    const source = drawnAt.get(edge.source) ?? edge.source;
    const target = drawnAt.get(edge.target) ?? edge.target;
    if (source === edge.source && target === edge.target) edges.push(edge);
    else if (source !== target) {
      // One edge per pair of ends whichever way the edges ran: from the group, else from the smaller id.
      const [from, to] =
        members.has(source) !== members.has(target)
          ? members.has(source)
            ? [source, target]
            : [target, source]
          : source < target
            ? [source, target]
            : [target, source];
      const key = `${from}|${to}`;
      const aggregate = aggregates.get(key);
      const count = bulk?.edgeCount.get(edge.id) ?? 1;
      if (aggregate) {
        aggregate.data.count += count;
        if (!aggregate.data.kinds.includes(edge.kind)) aggregate.data.kinds.push(edge.kind);
      } else {
        aggregates.set(key, {
          id: `aggregate:${from}:${to}`,
          source: from,
          target: to,
          kind: 'aggregate',
          data: { count, kinds: [edge.kind] },
        });
      }
    }
  }

  // Groups in the order of their titles (numbers by value: 10.0.2.0/24 before 10.0.10.0/24), then ids.
  const ordered = [...members.values()].sort(
    (a, b) => a.spec.title.localeCompare(b.spec.title, 'en', { numeric: true }) || (a.spec.id < b.spec.id ? -1 : 1),
  );
  const sampleOf = (ids: string[]) =>
    bulk
      ? ids
          .flatMap((id) => bulk.members.get(id)?.sample ?? [{ rank: bulk.rank.get(id)!, label: nodes.get(id)!.label }])
          .sort((a, b) => a.rank - b.rank)
          .slice(0, SAMPLE_SIZE)
          .map((m) => m.label)
      : ids.slice(0, SAMPLE_SIZE).map((id) => nodes.get(id)!.label);
  const groupNodes: GraphNode[] = ordered.map(({ spec, ids, count }) => ({
    id: spec.id,
    kind: 'group',
    label: `${spec.title ? `${spec.title} · ` : ''}${count.toLocaleString('en-US')} ${spec.noun}`,
    ...(spec.parent && drawnAt.get(spec.parent) === spec.parent && { parent: spec.parent }),
    data: {
      group_kind: spec.group_kind,
      member_count: count,
      member_sample: sampleOf(ids),
      ...spec.data,
    },
  }));
  const visible = graph.nodes.filter((n) => drawnAt.get(n.id) === n.id);
  if (bulk && visible.some((n) => bulk.members.has(n.id)))
    throw new Error('a node standing for many members would be drawn: it must be read as its members');
  const marked = visible.map((n) =>
    expandedIn.has(n.id) ? { ...n, data: { ...n.data, expanded_group: expandedIn.get(n.id) } } : n,
  );
  return { nodes: [...marked, ...groupNodes], edges: [...edges, ...aggregates.values()] };
}
