import { Database } from './database';

/**
 * A versioned (SCD2) table: the live row keeps its id (valid_to and lineage_id null); every change first
 * copies it into a closed history row (new id, lineage_id = live id, valid_to = change time).
 */
export interface VersionedTable {
  name: string;
  /** Columns a change may set, with their SQL types: compared to skip changes that change nothing. */
  data: Readonly<Record<string, string>>;
  /** Every other column copied into history as it is (tenant and parent ids, created_at, observations). */
  fixed: readonly string[];
}

/** The instant of a write: taken after the write's locks are held, so versions of a row never overlap. */
export async function writeInstant(db: Database): Promise<Date> {
  return (await db.one<{ at: Date }>(`SELECT clock_timestamp() AS at`))!.at;
}

type Change = { id: string } & Record<string, unknown>;

/**
 * Applies changes to live rows of the organization, versioning each changed row; a row equal to its
 * change writes nothing, and a column a change leaves out keeps its value. Returns the ids that got a
 * new version. One statement per distinct set of columns.
 */
export async function updateVersioned(
  db: Database,
  table: VersionedTable,
  organizationId: string,
  changes: readonly Change[],
  at: Date,
): Promise<string[]> {
  const bySignature = new Map<string, Change[]>();
  for (const change of changes) {
    const signature = Object.keys(change).sort().join(',');
    const group = bySignature.get(signature);
    if (group) group.push(change);
    else bySignature.set(signature, [change]);
  }
  const versioned: string[] = [];
  for (const group of bySignature.values())
    versioned.push(...(await updateGroup(db, table, organizationId, group, at)));
  return versioned;
}

async function updateGroup(
  db: Database,
  table: VersionedTable,
  organizationId: string,
  changes: readonly Change[],
  at: Date,
) {
  const columns = Object.keys(changes[0]).filter((column) => column !== 'id');
  const definition = ['id uuid', ...columns.map((column) => `${column} ${table.data[column]}`)].join(', ');
  const copied = [...table.fixed, ...Object.keys(table.data), 'updated_at'];
  const rows = await db.query<{ id: string }>(
    `WITH incoming AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb) AS x(${definition})
     ), changed AS (
       SELECT t.id FROM ${table.name} t JOIN incoming i ON i.id = t.id
       WHERE t.organization_id = $1 AND t.valid_to IS NULL
         AND (${columns.map((c) => `t.${c}`).join(', ')}, NULL) IS DISTINCT FROM (${columns.map((c) => `i.${c}`).join(', ')}, NULL)
     ), history AS (
       INSERT INTO ${table.name} (id, lineage_id, valid_from, valid_to, ${copied.join(', ')})
       SELECT gen_random_uuid(), t.id, t.valid_from, $2, ${copied.map((c) => `t.${c}`).join(', ')}
       FROM ${table.name} t JOIN changed USING (id) WHERE t.organization_id = $1 AND t.valid_to IS NULL
     )
     UPDATE ${table.name} t SET ${columns.map((c) => `${c} = i.${c}`).join(', ')}, valid_from = $2, updated_at = $2
     FROM incoming i JOIN changed USING (id)
     WHERE t.organization_id = $1 AND t.id = i.id AND t.valid_to IS NULL RETURNING t.id`,
    [organizationId, at, JSON.stringify(changes)],
  );
  return rows.map((row) => row.id);
}

/** Closes live rows (a delete): they stay, with valid_to set, for as-of reads and history. */
export async function closeVersioned(
  db: Database,
  table: VersionedTable,
  organizationId: string,
  ids: readonly string[],
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  return db.execute(
    `UPDATE ${table.name} SET valid_to = $3 WHERE organization_id = $1 AND id = ANY ($2::uuid[]) AND valid_to IS NULL`,
    [organizationId, ids, at],
  );
}

/**
 * SQL predicate: rows valid at the instant in parameter `param`, or the live rows when it is null. pg plans
 * each statement with its parameters, so the branch not taken folds away and live reads use the partial
 * indexes on `valid_to IS NULL`.
 */
export const validAt = (alias: string, param: string): string =>
  `((${param}::timestamptz IS NULL AND ${alias}.valid_to IS NULL) OR ` +
  `(${alias}.valid_from <= ${param}::timestamptz AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ${param}::timestamptz)))`;

/** The stable id of a versioned row: a history row answers with the id of the live row it copies. */
export const liveId = (alias: string): string => `COALESCE(${alias}.lineage_id, ${alias}.id)`;
