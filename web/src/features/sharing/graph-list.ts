import type { SharedGraph } from './api';

export interface ListedNode {
  id: string;
  label: string;
  kind: string;
  /** The label of the node it sits in (a host's subnet on L3, a VM's hypervisor). */
  within?: string;
  /** Labels of the nodes linked to it, sorted. */
  links: string[];
}

const KIND_ORDER = ['subnet', 'group', 'hypervisor', 'host', 'vm', 'container', 'interface', 'service'];
const rank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);

/**
 * The graph as rows a person (or a screen reader) can read: each node with what it links to. As on the
 * canvas, an interface is told as a port of its host: "core-switch (eth0 ↔ ge-1)" on the host's row.
 */
export function listGraph(graph: Pick<SharedGraph, 'nodes' | 'edges'>): ListedNode[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const isPort = (n: { kind: string; parent?: string }) => n.kind === 'interface' && !!n.parent && byId.has(n.parent);
  /** The node an id is drawn as, and the port name when it is an interface. */
  const endOf = (id: string) => {
    const node = byId.get(id);
    if (!node) return undefined;
    return isPort(node) ? { owner: node.parent!, port: node.label } : { owner: id, port: undefined };
  };
  const links = new Map<string, Set<string>>();
  const link = (from: ReturnType<typeof endOf>, to: ReturnType<typeof endOf>) => {
    if (!from || !to || from.owner === to.owner) return;
    const ports = from.port || to.port ? ` (${from.port ?? '—'} ↔ ${to.port ?? '—'})` : '';
    links.set(from.owner, (links.get(from.owner) ?? new Set()).add(`${byId.get(to.owner)!.label}${ports}`));
  };
  for (const edge of graph.edges) {
    link(endOf(edge.source), endOf(edge.target));
    link(endOf(edge.target), endOf(edge.source));
  }
  return graph.nodes
    .filter((n) => !isPort(n))
    .map((n) => ({
      id: n.id,
      label: n.label,
      kind: n.kind,
      ...(n.parent && byId.has(n.parent) && { within: byId.get(n.parent)!.label }),
      links: [...(links.get(n.id) ?? [])].sort(),
    }))
    .sort((a, b) => rank(a.kind) - rank(b.kind) || a.label.localeCompare(b.label));
}

/** A value of a node's or edge's data, as text. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
