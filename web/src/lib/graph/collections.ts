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
