/** Appends to a map of lists (in place: a copy per item would be quadratic on a 5,000-host subnet). */
export function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
