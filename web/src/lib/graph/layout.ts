import { push } from './collections';
import type { DrawnGraph, DrawnNode } from './model';
import { tieredPositions } from './tiers';
import type { Point, Positions, View } from './types';

/**
 * How each view is laid out:
 * - tiers: routers, then switches in tiers from the cabling, endpoints under their switch (L2Physical, tiers.ts);
 * - hubs: parents (subnets, groups) on a grid, their children on rings around them (L3Logical);
 * - radial: each hypervisor with its VMs and containers around it, lone hosts in a grid (Workloads);
 * - layered: dependency chains left to right, by longest path from a source (Application).
 */
export type LayoutKind = 'tiers' | 'hubs' | 'radial' | 'layered';

export const LAYOUT_OF: Record<View, LayoutKind> = {
  L2Physical: 'tiers',
  L3Logical: 'hubs',
  Workloads: 'radial',
  Application: 'layered',
};

const GAP = 60;
export { push } from './collections';

/** Children of each parent that is drawn; nodes without a drawn parent are roots. */
function families(nodes: DrawnNode[]): { roots: DrawnNode[]; children: Map<string, DrawnNode[]> } {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<string, DrawnNode[]>();
  const roots: DrawnNode[] = [];
  for (const node of nodes) {
    if (node.parent && ids.has(node.parent) && node.parent !== node.id) {
      push(children, node.parent, node);
    } else roots.push(node);
  }
  return { roots, children };
}

/** Rings of children around a centre: as many per ring as fit, the next ring further out. */
function ring(centre: Point, members: DrawnNode[], out: Positions, first = GAP): number {
  let radius = first;
  let placed = 0;
  while (placed < members.length) {
    const fit = Math.max(6, Math.floor((2 * Math.PI * radius) / (GAP * 0.6)));
    const count = Math.min(fit, members.length - placed);
    for (let i = 0; i < count; i++) {
      const angle = (2 * Math.PI * i) / count + radius / GAP;
      out[members[placed + i].id] = {
        x: centre.x + radius * Math.cos(angle),
        y: centre.y + radius * Math.sin(angle),
      };
    }
    placed += count;
    if (placed < members.length) radius += GAP * 0.6;
  }
  return members.length ? radius : 0;
}

/** Clusters (a parent with its ring) placed on a grid whose cell fits the largest cluster. */
function clusters(nodes: DrawnNode[]): Positions {
  const { roots, children } = families(nodes);
  const out: Positions = {};
  const withChildren = roots.filter((r) => children.has(r.id));
  const alone = roots.filter((r) => !children.has(r.id));
  const local: { id: string; radius: number; offsets: Positions }[] = withChildren.map((root) => {
    const offsets: Positions = { [root.id]: { x: 0, y: 0 } };
    const radius = ring({ x: 0, y: 0 }, children.get(root.id) ?? [], offsets);
    return { id: root.id, radius, offsets };
  });
  const cell = 2 * Math.max(GAP, ...local.map((l) => l.radius)) + GAP;
  const columns = Math.max(1, Math.ceil(Math.sqrt(local.length)));
  local.forEach((cluster, i) => {
    const cx = (i % columns) * cell;
    const cy = Math.floor(i / columns) * cell;
    for (const [id, p] of Object.entries(cluster.offsets)) out[id] = { x: cx + p.x, y: cy + p.y };
  });
  // Lone nodes in a grid beside the clusters.
  const left = local.length ? Math.min(columns, local.length) * cell - GAP : 0;
  const loneColumns = Math.max(1, Math.ceil(Math.sqrt(alone.length)));
  alone.forEach((node, i) => {
    out[node.id] = { x: left + (i % loneColumns) * GAP, y: Math.floor(i / loneColumns) * GAP };
  });
  // Children whose parent is itself a child (a group inside a subnet) fall back to near their parent.
  for (const node of nodes) if (!out[node.id]) out[node.id] = { x: 0, y: 0 };
  return out;
}

/**
 * Longest path from a source (Kahn's order, O(nodes + edges)); a cycle is broken at its first node in
 * the graph's order, so every node gets a layer.
 */
function layers(drawn: DrawnGraph): Map<string, number> {
  const layer = new Map(drawn.nodes.map((n) => [n.id, 0]));
  const out = new Map<string, string[]>();
  const incoming = new Map(drawn.nodes.map((n) => [n.id, 0]));
  for (const e of drawn.edges) {
    if (e.source === e.target || !layer.has(e.source) || !layer.has(e.target)) continue;
    push(out, e.source, e.target);
    incoming.set(e.target, incoming.get(e.target)! + 1);
  }
  const done = new Set<string>();
  const queue = drawn.nodes.filter((n) => incoming.get(n.id) === 0).map((n) => n.id);
  let next = 0; // the next node in the graph's order to break a cycle at
  while (done.size < drawn.nodes.length) {
    if (!queue.length) {
      while (done.has(drawn.nodes[next].id)) next++;
      queue.push(drawn.nodes[next].id);
    }
    const id = queue.pop()!;
    if (done.has(id)) continue;
    done.add(id);
    for (const target of out.get(id) ?? []) {
      if (done.has(target)) continue;
      layer.set(target, Math.max(layer.get(target)!, layer.get(id)! + 1));
      incoming.set(target, incoming.get(target)! - 1);
      if (incoming.get(target) === 0) queue.push(target);
    }
  }
  return layer;
}

function layered(drawn: DrawnGraph): Positions {
  const layer = layers(drawn);
  const rows = new Map<number, string[]>();
  for (const node of drawn.nodes) push(rows, layer.get(node.id)!, node.id);
  const out: Positions = {};
  for (const [column, ids] of rows) {
    ids.sort();
    ids.forEach((id, i) => (out[id] = { x: column * GAP * 3, y: (i - (ids.length - 1) / 2) * GAP }));
  }
  return out;
}

/** Where each drawn node is drawn; saved positions win. Pure. */
export function initialPositions(drawn: DrawnGraph, view: View, saved: Positions = {}): Positions {
  const kind = LAYOUT_OF[view];
  const computed =
    kind === 'tiers' ? tieredPositions(drawn) : kind === 'layered' ? layered(drawn) : clusters(drawn.nodes);
  const out: Positions = {};
  for (const node of drawn.nodes) out[node.id] = saved[node.id] ?? computed[node.id] ?? { x: 0, y: 0 };
  return out;
}
