import { push } from './collections';
import type { TopologyEdge, TopologyGraph, TopologyNode } from './types';
import type { View } from './types';

/** A node as drawn: interfaces folded into their host on L2Physical (see docs/ui/topology.md). */
export interface DrawnNode {
  id: string;
  kind: string;
  label: string;
  /** The container it is drawn in (a subnet for L3 hosts, a hypervisor for VMs; containers.ts). */
  parent?: string;
  /** L3Logical: a router, firewall or L3 switch (the server's data.gateway), drawn above the subnets it links. */
  gateway?: boolean;
  size: number;
  /** Ports of a host whose interfaces are folded into it. */
  ports: TopologyNode[];
}

export interface DrawnEdge {
  id: string;
  source: string;
  target: string;
  kind: string;
  label?: string;
  /** A link's two port names, the source end's first: the canvas writes them in reading order. */
  ports?: [string, string];
  /** Wider for faster links and for aggregates of many edges. */
  size: number;
}

export interface DrawnGraph {
  nodes: DrawnNode[];
  edges: DrawnEdge[];
  /** Every API node id to the drawn node carrying it (an interface to its host). */
  drawnIdOf: Map<string, string>;
  byId: Map<string, TopologyNode>;
  edgeById: Map<string, TopologyEdge>;
}

const NODE_SIZE: Record<string, number> = {
  subnet: 8,
  hypervisor: 10,
  group: 14,
  host: 9,
  vm: 7,
  container: 6,
  service: 9,
  interface: 4,
};

function edgeSize(edge: TopologyEdge): number {
  if (edge.kind === 'aggregate') return Math.min(1 + Math.log2(Number(edge.data.count) || 1), 6);
  // Dependencies are drawn as arrows: thin ones would hide their heads.
  if (edge.kind === 'dependency') return 2.5;
  const speed = Number(edge.data.speed_bps) || 0;
  if (speed >= 10e9) return 3;
  if (speed >= 1e9) return 2;
  return 1.2;
}

/**
 * A gateway drawn outside the subnet of its first address gets a faint line to it, as it has to the further
 * subnets it is in (address edges). These lines are not API edges: they cannot be selected.
 */
export const CONTAINS = 'contains';

/** L2Physical folds interfaces into hosts; every other view draws nodes as they come. */
export const foldsInterfaces = (view: View) => view === 'L2Physical';

/**
 * A link's label reads from one end to the other, the same way on every link: first the port of the end
 * with more links (the switch side of a switch-to-server cable), then the far port: "ge-0/0/3 ↔ eth0".
 * Ends with as many links: the one whose node label sorts first, then id. Drawn edges follow the same order
 * (source = the end read first): the diagram exports write this label. On the canvas and in the SVG the two
 * names are written in reading order instead, the port of the end the text starts from first (reading.ts).
 */
export function readsFirst(
  a: { id: string; label: string; links: number },
  b: { id: string; label: string; links: number },
): boolean {
  if (a.links !== b.links) return a.links > b.links;
  const byLabel = a.label.localeCompare(b.label);
  return byLabel !== 0 ? byLabel < 0 : a.id <= b.id;
}

/** The label of a drawn edge: both port names of a link (in reading order), the count of an aggregate. */
function edgeLabel(edge: TopologyEdge, first: TopologyNode | undefined, second: TopologyNode | undefined) {
  if (edge.kind === 'aggregate') return `${Number(edge.data.count) || 0} links`;
  if (edge.kind !== 'link') return edge.label;
  return first?.kind === 'interface' && second?.kind === 'interface' ? `${first.label} ↔ ${second.label}` : edge.label;
}

/** A subnet is titled by its CIDR and its name ("10.1.3.0/24 · Floor 3 users"); other nodes by their label. */
function drawnLabel(node: TopologyNode): string {
  const name = node.kind === 'subnet' && typeof node.data.name === 'string' ? node.data.name.trim() : '';
  return name ? `${node.label} · ${name}` : node.label;
}

/** Turns the API's graph into what is drawn. Pure. */
export function buildDrawnGraph(graph: TopologyGraph, view: View): DrawnGraph {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const edgeById = new Map(graph.edges.map((e) => [e.id, e]));
  const fold = foldsInterfaces(view);
  const drawnIdOf = new Map<string, string>();
  const nodes: DrawnNode[] = [];
  const ports = new Map<string, TopologyNode[]>();
  for (const node of graph.nodes) {
    if (fold && node.kind === 'interface' && node.parent && byId.has(node.parent)) {
      drawnIdOf.set(node.id, node.parent);
      push(ports, node.parent, node);
      continue;
    }
    drawnIdOf.set(node.id, node.id);
  }
  for (const node of graph.nodes) {
    if (drawnIdOf.get(node.id) !== node.id) continue;
    const parent = node.parent && byId.has(node.parent) ? node.parent : undefined;
    nodes.push({
      id: node.id,
      kind: node.kind,
      label: drawnLabel(node),
      parent,
      size: NODE_SIZE[node.kind] ?? 8,
      ports: ports.get(node.id) ?? [],
    });
  }
  const ends = graph.edges.flatMap((edge) => {
    const source = drawnIdOf.get(edge.source);
    const target = drawnIdOf.get(edge.target);
    return source && target ? [{ edge, source, target }] : [];
  });
  const links = new Map<string, number>();
  for (const { source, target } of ends) {
    links.set(source, (links.get(source) ?? 0) + 1);
    links.set(target, (links.get(target) ?? 0) + 1);
  }
  const end = (id: string) => ({ id, label: byId.get(id)?.label ?? id, links: links.get(id) ?? 0 });
  const edges: DrawnEdge[] = ends.map(({ edge, source, target }) => {
    const keep = edge.kind !== 'link' || readsFirst(end(source), end(target));
    const [first, second] = [edge.source, edge.target].map((id) => byId.get(id));
    const [a, b] = keep ? [first, second] : [second, first];
    const ports = edge.kind === 'link' && a?.kind === 'interface' && b?.kind === 'interface';
    return {
      id: edge.id,
      source: keep ? source : target,
      target: keep ? target : source,
      kind: edge.kind,
      label: edgeLabel(edge, a, b),
      ...(ports && { ports: [a.label, b.label] as [string, string] }),
      size: edgeSize(edge),
    };
  });
  if (view === 'L3Logical') edges.push(...liftGateways(nodes, byId));
  return { nodes, edges, drawnIdOf, byId, edgeById };
}

/** Takes L3 gateways (data.gateway, the server's) out of the subnet of their first address; the faint lines that tie them to it. */
function liftGateways(nodes: DrawnNode[], byId: Map<string, TopologyNode>): DrawnEdge[] {
  const lines: DrawnEdge[] = [];
  for (const node of nodes) {
    if (!node.parent || byId.get(node.id)?.data.gateway !== true) continue;
    lines.push({
      id: `${CONTAINS}:${node.parent}:${node.id}`,
      source: node.parent,
      target: node.id,
      kind: CONTAINS,
      size: 1,
    });
    node.parent = undefined;
    node.gateway = true;
  }
  return lines;
}

/** Nodes a search can find: every drawn node, and interfaces (which lead to their host). */
export function searchEntries(drawn: DrawnGraph): { id: string; label: string; kind: string; target: string }[] {
  return [...drawn.byId.values()]
    .map((n) => ({ id: n.id, label: n.label, kind: n.kind, target: drawn.drawnIdOf.get(n.id) ?? n.id }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
