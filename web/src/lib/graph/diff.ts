import type { Change, Highlight, TopologyEdge, TopologyGraph, TopologyNode } from './types';

export interface ChangeEntry {
  id: string;
  change: Change;
  /** 'node' or 'edge' */
  item: 'node' | 'edge';
  kind: string;
  label: string;
  /** For a changed item: the fields whose value differs. */
  fields: string[];
}

export interface TopologyDiff {
  /** Both instants' items: the later's, plus what only the earlier had. */
  union: TopologyGraph;
  highlight: Highlight;
  changes: ChangeEntry[];
}

/** JSON with sorted keys, so two equal objects compare equal whatever their key order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Item = TopologyNode | TopologyEdge;

/**
 * Where a node is drawn, which the server works out from the cabling (docs/topology.md "Tiers"): a new
 * link may move a host a tier down, which is the link's change, not the host's.
 */
const DRAWING_FIELDS = new Set(['tier', 'infrastructure', 'uplink']);

/** The fields of an item that differ: label, parent, ends, and each data key but those of the drawing. */
function changedFields(a: Item, b: Item): string[] {
  const fields: string[] = [];
  if (a.label !== b.label) fields.push('label');
  if ('parent' in a || 'parent' in b) {
    if ((a as TopologyNode).parent !== (b as TopologyNode).parent) fields.push('parent');
  }
  if ('source' in a && 'source' in b && (a.source !== b.source || a.target !== b.target)) fields.push('ends');
  const keys = new Set([...Object.keys(a.data ?? {}), ...Object.keys(b.data ?? {})]);
  for (const key of [...keys].sort())
    if (!DRAWING_FIELDS.has(key) && stable(a.data?.[key]) !== stable(b.data?.[key])) fields.push(key);
  return fields;
}

function compare<T extends Item>(
  before: T[],
  after: T[],
  item: 'node' | 'edge',
): { entries: ChangeEntry[]; removed: T[] } {
  const earlier = new Map(before.map((x) => [x.id, x]));
  const later = new Set(after.map((x) => x.id));
  const entries: ChangeEntry[] = [];
  for (const now of after) {
    const then = earlier.get(now.id);
    const base = { id: now.id, item, kind: now.kind, label: now.label ?? now.id };
    if (!then) entries.push({ ...base, change: 'added', fields: [] });
    else {
      const fields = changedFields(then, now);
      if (fields.length) entries.push({ ...base, change: 'changed', fields });
    }
  }
  const removed = before.filter((x) => !later.has(x.id));
  for (const then of removed)
    entries.push({ id: then.id, item, kind: then.kind, label: then.label ?? then.id, change: 'removed', fields: [] });
  return { entries, removed };
}

const ORDER: Record<Change, number> = { removed: 0, added: 1, changed: 2 };

/**
 * What changed between two instants of one view: `before` (compare) and `after` (at, or now). `inside`
 * names, per node id, what changed within a node that the graph does not carry (a host's ports, services
 * and interfaces: "+3 ports"): a node present at both instants is then changed too. Pure.
 */
export function diffTopology(
  before: TopologyGraph,
  after: TopologyGraph,
  inside: Record<string, string[]> = {},
): TopologyDiff {
  const nodes = compare(before.nodes, after.nodes, 'node');
  const earlier = new Set(before.nodes.map((n) => n.id));
  const entries = new Map(nodes.entries.map((e) => [e.id, e]));
  for (const node of after.nodes) {
    const more = inside[node.id];
    if (!more?.length || !earlier.has(node.id)) continue;
    const entry = entries.get(node.id);
    if (entry) entry.fields.push(...more);
    else
      nodes.entries.push({
        id: node.id,
        item: 'node',
        kind: node.kind,
        label: node.label ?? node.id,
        change: 'changed',
        fields: [...more],
      });
  }
  const edges = compare(before.edges, after.edges, 'edge');
  const unionNodes = [...after.nodes, ...nodes.removed];
  const present = new Set(unionNodes.map((n) => n.id));
  const unionEdges = [...after.edges, ...edges.removed.filter((e) => present.has(e.source) && present.has(e.target))];
  const changes = [...nodes.entries, ...edges.entries].sort(
    (a, b) => ORDER[a.change] - ORDER[b.change] || a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label),
  );
  return {
    union: {
      nodes: unionNodes,
      edges: unionEdges,
      positions: { ...(before.positions ?? {}), ...(after.positions ?? {}) },
    },
    highlight: Object.fromEntries(changes.map((c) => [c.id, c.change])),
    changes,
  };
}

/** The list's sections: hosts (and other machines), links, services, and the rest. */
export function changeSection(entry: ChangeEntry): 'Hosts' | 'Links' | 'Services' | 'Other' {
  if (['host', 'hypervisor', 'vm', 'container', 'interface', 'group'].includes(entry.kind)) return 'Hosts';
  if (entry.item === 'edge') return entry.kind === 'dependency' ? 'Services' : 'Links';
  if (entry.kind === 'service') return 'Services';
  return 'Other';
}
