/** Appends to a map of lists (in place: a copy per item would be quadratic on a 5,000-host subnet). */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Each node's neighbours over undirected edges (a self-loop is no neighbour). */
export function neighboursOf(edges: readonly { source: string; target: string }[]): Map<string, string[]> {
  const neighbours = new Map<string, string[]>();
  for (const e of edges)
    if (e.source !== e.target) {
      push(neighbours, e.source, e.target);
      push(neighbours, e.target, e.source);
    }
  return neighbours;
}

/** Drawn nodes in natural order of their labels (sw-2 before sw-10, 10.0.2.0/24 before 10.0.10.0/24), then ids. */
export const byLabel = (a: { label: string; id: string }, b: { label: string; id: string }): number =>
  a.label.localeCompare(b.label, undefined, { numeric: true }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
