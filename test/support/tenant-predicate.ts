/**
 * Finds the tables a statement reads or writes without the organization predicate. A table is named by
 * FROM, JOIN, UPDATE or INTO, with or without an alias; it is scoped when the statement compares its
 * organization_id (or, for organizations itself, its id) with something, or when an INSERT lists the
 * organization_id column. A reviewer's check, not a parser: it reads the SQL our repositories write.
 */
const REFERENCE = /\b(FROM|JOIN|UPDATE|INTO)\s+([a-z_]+)\b(?:\s+(?:AS\s+)?([a-z_]+)\b)?(\s*\()?/gi;
const NOT_AN_ALIAS = new Set(
  'where join on order limit set using group left right inner cross full returning for union values select as offset having window lateral'.split(
    ' ',
  ),
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compares(sql: string, column: string): boolean {
  const c = escape(column);
  return new RegExp(`(^|[^.\\w])${c}\\s*=|=\\s*${c}\\b`, 'i').test(sql);
}

export function unscopedTables(sql: string, tenantTables: ReadonlySet<string>): string[] {
  const unscoped: string[] = [];
  for (const match of sql.matchAll(REFERENCE)) {
    const [, keyword, table, word, parenthesis] = match;
    if (!tenantTables.has(table)) continue;
    const alias = word && !NOT_AN_ALIAS.has(word.toLowerCase()) ? word : undefined;
    if (keyword.toUpperCase() === 'INTO') {
      const columns = sql.slice(match.index + match[0].length - (parenthesis ? 1 : 0)).match(/^\s*\(([^)]*)\)/);
      if (!columns || !/\borganization_id\b/.test(columns[1])) unscoped.push(table);
      continue;
    }
    const key = table === 'organizations' ? 'id' : 'organization_id';
    const scoped = alias ? compares(sql, `${alias}.${key}`) : compares(sql, key);
    if (!scoped) unscoped.push(table);
  }
  return unscoped;
}
