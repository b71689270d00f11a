import type { SharedGraph } from './api';

export interface ListedNode {
  id: string;
  label: string;
  kind: string;
  /** Labels of the nodes linked to it, sorted. */
  links: string[];
}

const KIND_ORDER = ['subnet', 'group', 'hypervisor', 'host', 'vm', 'container', 'interface', 'service'];
const rank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);

/** The graph as rows a person (or a screen reader) can read: each node with what it links to. */
export function listGraph(graph: Pick<SharedGraph, 'nodes' | 'edges'>): ListedNode[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const links = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    const other = byId.get(to);
    if (!other || from === to) return;
    links.set(from, (links.get(from) ?? new Set()).add(other.label));
  };
  for (const edge of graph.edges) {
    link(edge.source, edge.target);
    link(edge.target, edge.source);
  }
  return graph.nodes
    .map((n) => ({ id: n.id, label: n.label, kind: n.kind, links: [...(links.get(n.id) ?? [])].sort() }))
    .sort((a, b) => rank(a.kind) - rank(b.kind) || a.label.localeCompare(b.label));
}

/** A value of a node's or edge's data, as text. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
