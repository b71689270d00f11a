const REFERENCE = /\b(DELETE\s+FROM|INSERT\s+INTO|UPDATE|FROM|JOIN)\s+([a-z_]+)\b/gi;

/** The tables a statement writes (INSERT, UPDATE, DELETE) and those it only reads, among `known`. */
export function tablesOf(sql: string, known: ReadonlySet<string>): { reads: string[]; writes: string[] } {
  const reads = new Set<string>();
  const writes = new Set<string>();
  for (const [, keyword, table] of sql.matchAll(REFERENCE)) {
    if (!known.has(table)) continue;
    if (/^(FROM|JOIN)$/i.test(keyword)) reads.add(table);
    else writes.add(table);
  }
  for (const table of writes) reads.delete(table);
  return { reads: [...reads].sort(), writes: [...writes].sort() };
}
