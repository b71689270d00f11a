/** Rows grouped by a key, in their original order within each group. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** Rows by a key (the last one wins); rows without a key are left out. */
export function indexBy<T>(rows: readonly T[], key: (row: T) => string | undefined): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    if (k) map.set(k, row);
  }
  return map;
}
