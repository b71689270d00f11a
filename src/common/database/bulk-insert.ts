import type { Database } from './database';

/**
 * Inserts many rows in one statement: the rows travel as one JSON parameter and PostgreSQL unpacks them
 * with jsonb_to_recordset, typed by `types` (column -> SQL type). Every row must carry every column.
 */
export async function bulkInsert(
  db: Database,
  table: string,
  types: Readonly<Record<string, string>>,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const definition = columns.map((column) => `${column} ${types[column] ?? fail(table, column)}`).join(', ');
  await db.execute(
    `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${definition})`,
    [JSON.stringify(rows)],
  );
}

function fail(table: string, column: string): never {
  throw new Error(`bulkInsert: no type for ${table}.${column}`);
}
