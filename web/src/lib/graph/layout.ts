import { byLabel, push } from './collections';
import { containerPositions } from './containers';
import type { DrawnGraph, DrawnNode } from './model';
import { tieredPositions } from './tiers';
import type { Positions, View } from './types';

/**
 * How each view is laid out:
 * - tiers: routers, then switches in tiers from the cabling, endpoints under their switch (L2Physical, tiers.ts);
 * - containers: subnets holding their hosts, gateways above them (L3Logical); hypervisors holding their
 *   guests, lone hosts beside (Workloads) (containers.ts);
 * - layered: dependency chains top-down, by longest path from a source (Application).
 */
export type LayoutKind = 'tiers' | 'containers' | 'layered';

export const LAYOUT_OF: Record<View, LayoutKind> = {
  L2Physical: 'tiers',
  L3Logical: 'containers',
  Workloads: 'containers',
  Application: 'layered',
};

const GAP = 60;

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

/**
 * Dependency layers top-down (a request path reads down the page, as a call stack does), each layer a row
 * in natural order of labels: labels sit right of their node, clear of the vertical edges between layers.
 */
function layered(drawn: DrawnGraph): Positions {
  const layer = layers(drawn);
  const rows = new Map<number, DrawnNode[]>();
  for (const node of drawn.nodes) push(rows, layer.get(node.id)!, node);
  const out: Positions = {};
  for (const [row, nodes] of rows) {
    nodes.sort(byLabel);
    nodes.forEach((n, i) => (out[n.id] = { x: (i - (nodes.length - 1) / 2) * GAP * 4, y: -row * GAP * 2 }));
  }
  return out;
}

/** Where each drawn node is drawn; saved positions win. Pure. */
export function initialPositions(drawn: DrawnGraph, view: View, saved: Positions = {}): Positions {
  const kind = LAYOUT_OF[view];
  const computed =
    kind === 'tiers' ? tieredPositions(drawn) : kind === 'layered' ? layered(drawn) : containerPositions(drawn);
  const out: Positions = {};
  for (const node of drawn.nodes) out[node.id] = saved[node.id] ?? computed[node.id] ?? { x: 0, y: 0 };
  return out;
}
