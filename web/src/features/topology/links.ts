// Pure parts of lib/graph directly: its index loads sigma, which needs WebGL (not in the component tests).
import { readsFirst } from '../../lib/graph/model';
import type { TopologyEdge, TopologyGraph, TopologyNode } from '../../lib/graph/types';

export interface NodeLink {
  edgeId: string;
  /** Read from the node: "eth0 → core-switch ge-0/0/1", or "→ sw-0 · 47 hosts (47 links)" for a group. */
  text: string;
}

const natural = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * The L2 links of a node (and of its ports), each read from this node's end: its port, an arrow, the node
 * at the far end and that node's port. Aggregates (links grouped with their hosts) say how many they stand
 * for. Sorted by this node's port, then the far end. Pure.
 */
export function linksFrom(graph: TopologyGraph, node: TopologyNode): NodeLink[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const own = new Set([node.id]);
  if (node.kind !== 'interface')
    for (const n of graph.nodes) if (n.kind === 'interface' && n.parent === node.id) own.add(n.id);
  const rows: (NodeLink & { near: string; far: string })[] = [];
  for (const edge of graph.edges) {
    if (edge.kind !== 'link' && edge.kind !== 'aggregate') continue;
    const [nearId, farId] = own.has(edge.source) ? [edge.source, edge.target] : [edge.target, edge.source];
    if (!own.has(nearId) || own.has(farId)) continue;
    const near = byId.get(nearId);
    const far = byId.get(farId);
    const farHost = far?.kind === 'interface' && far.parent ? byId.get(far.parent) : undefined;
    const port = near?.kind === 'interface' ? near.label : '';
    const farName = [farHost?.label, far?.label ?? '?'].filter(Boolean).join(' ');
    const count = edge.kind === 'aggregate' ? ` (${Number(edge.data.count) || 0} links)` : '';
    rows.push({ edgeId: edge.id, text: `${port ? `${port} ` : ''}→ ${farName}${count}`, near: port, far: farName });
  }
  return rows
    .sort((a, b) => natural(a.near, b.near) || natural(a.far, b.far))
    .map(({ edgeId, text }) => ({ edgeId, text }));
}

/**
 * A link's two ends in the order its label on the canvas reads them (lib/graph readsFirst: the end whose
 * device has more links first, the switch side), so the inspector's From and To match the drawing.
 */
export function endsInReadingOrder(graph: TopologyGraph, edge: TopologyEdge): [string, string] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const deviceOf = (id: string) => {
    const node = byId.get(id);
    return node?.kind === 'interface' && node.parent && byId.has(node.parent) ? node.parent : id;
  };
  const links = new Map<string, number>();
  for (const e of graph.edges) {
    const [a, b] = [deviceOf(e.source), deviceOf(e.target)];
    links.set(a, (links.get(a) ?? 0) + 1);
    links.set(b, (links.get(b) ?? 0) + 1);
  }
  const end = (id: string) => {
    const device = deviceOf(id);
    return { id: device, label: byId.get(device)?.label ?? device, links: links.get(device) ?? 0 };
  };
  return readsFirst(end(edge.source), end(edge.target)) ? [edge.source, edge.target] : [edge.target, edge.source];
}
