import type { TenantContext } from '../auth/tenant-context';
import { Database } from './database';
import { tenantScope } from './tenant-scope';

/**
 * A versioned (SCD2) table: the live row keeps its id (valid_to and lineage_id null); every change first
 * copies it into a closed history row (new id, lineage_id = live id, valid_to = change time). Every such
 * table holds organization_id and network_id, and every helper below writes the caller's tenant scope
 * into its SQL, reads and writes alike.
 */
export interface VersionedTable {
  name: string;
  /** Columns a change may set, with their SQL types: compared to skip changes that change nothing. */
  data: Readonly<Record<string, string>>;
  /** Every other column history copies as it is (parent ids, created_at, observations), with its type. */
  fixed: Readonly<Record<string, string>>;
}

/** A versioned table read through the API: its alias and the columns a read selects besides the id. */
export interface ReadableTable extends VersionedTable {
  alias: string;
  columns: string;
}

/** The columns of every versioned network-level table. */
export const VERSIONED_FIXED = {
  organization_id: 'uuid',
  network_id: 'uuid',
  created_at: 'timestamptz',
} as const;

const typesOf = (table: VersionedTable) => ({
  id: 'uuid',
  updated_at: 'timestamptz',
  valid_from: 'timestamptz',
  ...table.fixed,
  ...table.data,
});

/**
 * THE write instant: taken once per write, after its row locks are held (lockLive, or an ingest's network
 * lock), and passed to each of its versioned statements, so versions of a row never overlap.
 */
export async function writeInstant(db: Database): Promise<Date> {
  return (await db.one<{ at: Date }>(`SELECT clock_timestamp() AS at`))!.at;
}

/** The stable id of a versioned row: a history row answers with the id of the live row it copies. */
export const liveId = (alias: string): string => `COALESCE(${alias}.lineage_id, ${alias}.id)`;

/**
 * SQL predicate: rows valid at the instant in parameter `param`, or the live rows when it is null. pg plans
 * each statement with its parameters, so the branch not taken folds away and live reads use the partial
 * indexes on `valid_to IS NULL`.
 */
export const validAt = (alias: string, param: string): string =>
  `((${param}::timestamptz IS NULL AND ${alias}.valid_to IS NULL) OR ` +
  `(${alias}.valid_from <= ${param}::timestamptz AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ${param}::timestamptz)))`;

/**
 * SQL predicate: rows of the entities whose stable ids are in parameter `param` (a uuid array). Same rows
 * as `liveId(alias) = ANY (param)`, written so that the primary key and the lineage index serve it.
 */
export const ofEntities = (alias: string, param: string): string =>
  `((${alias}.lineage_id IS NULL AND ${alias}.id = ANY (${param}::uuid[])) OR ${alias}.lineage_id = ANY (${param}::uuid[]))`;

type Row = Record<string, unknown>;
type Change = { id: string } & Row;

/**
 * Inserts new live rows of the caller's organization as of `at` and returns their ids. Every row carries
 * the same columns: network_id, its own columns and, when the caller chose it, id. A row outside the caller's networks is a bug upstream
 * (services check the network first), so it fails rather than vanish. `shared` holds columns with one
 * value for every row (an ingest's network and sighting): they travel once, not once per row.
 */
export async function insertVersioned(
  db: Database,
  table: VersionedTable,
  ctx: TenantContext,
  rows: readonly Row[],
  at: Date,
  shared?: Row,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const base = { organization_id: ctx.organizationId, created_at: at, updated_at: at, valid_from: at };
  const types: Record<string, string> = typesOf(table);
  const typed = (column: string) => `${column} ${types[column] ?? unknownColumn(table, column)}`;
  const s = tenantScope('x', ctx);
  let inserted: { id: string }[];
  if (shared) {
    const common = { ...base, ...shared };
    const own = Object.keys(rows[0]);
    const columns = [...Object.keys(common), ...own];
    // The rows travel as one JSON parameter, the shared columns as another: one statement for any number.
    inserted = await db.query<{ id: string }>(
      `INSERT INTO ${table.name} (${columns.join(', ')})
       SELECT ${columns.map((c) => `x.${c}`).join(', ')}
       FROM (SELECT * FROM jsonb_to_record($3::jsonb) AS c(${Object.keys(common).map(typed).join(', ')})
         CROSS JOIN jsonb_to_recordset($4::jsonb) AS r(${own.map(typed).join(', ')})) x
       WHERE ${s.where} RETURNING id`,
      [...s.params, JSON.stringify(common), JSON.stringify(rows)],
    );
  } else {
    const full = rows.map((row) => ({ ...base, ...row }));
    const columns = Object.keys(full[0]);
    // The rows travel as one JSON parameter, unpacked by jsonb_to_recordset: one statement for any number.
    inserted = await db.query<{ id: string }>(
      `INSERT INTO ${table.name} (${columns.join(', ')})
     SELECT ${columns.map((c) => `x.${c}`).join(', ')} FROM jsonb_to_recordset($3::jsonb) AS x(${columns.map(typed).join(', ')})
     WHERE ${s.where} RETURNING id`,
      [...s.params, JSON.stringify(full)],
    );
  }
  if (inserted.length !== rows.length) throw new Error(`insertVersioned: a row of ${table.name} is out of scope`);
  return inserted.map((row) => row.id);
}

function unknownColumn(table: VersionedTable, column: string): never {
  throw new Error(`insertVersioned: ${table.name} has no column ${column}`);
}

/** The rows valid at `at` (live when null) with these stable ids, within the caller's reach. */
export function findAsOf<T>(
  db: Database,
  table: ReadableTable,
  ctx: TenantContext,
  ids: readonly string[],
  at: Date | null = null,
): Promise<T[]> {
  const { alias: a } = table;
  const s = tenantScope(a, ctx);
  return db.query<T>(
    `SELECT ${liveId(a)} AS id, ${table.columns} FROM ${table.name} ${a}
     WHERE ${s.where} AND ${validAt(a, '$3')} AND ${ofEntities(a, '$4')}`,
    [...s.params, at, ids],
  );
}

/** Locks the live row for the rest of the transaction; undefined when missing or out of reach. */
export function lockLive<T>(
  db: Database,
  table: ReadableTable,
  ctx: TenantContext,
  id: string,
): Promise<T | undefined> {
  const { alias: a } = table;
  const s = tenantScope(a, ctx);
  return db.one<T>(
    `SELECT ${a}.id, ${table.columns} FROM ${table.name} ${a} WHERE ${s.where} AND ${a}.valid_to IS NULL AND ${a}.id = $3
     FOR UPDATE`,
    [...s.params, id],
  );
}

/**
 * Every version of one entity as stored (history rows with their own id and lineage_id), newest first,
 * each with `changed_by`: the actor of the audit event written at the version's instant, for this
 * resource or, failing that, for the discovery ingest of its network (null before the audit trail).
 */
export function history<T>(
  db: Database,
  table: ReadableTable,
  ctx: TenantContext,
  id: string,
  resourceType: string,
): Promise<(T & { changed_by: VersionAuthor | null })[]> {
  const { alias: a } = table;
  const s = tenantScope(a, ctx);
  return db.query<T & { changed_by: VersionAuthor | null }>(
    `SELECT ${a}.id, ${table.columns}, author.changed_by FROM ${table.name} ${a}
     LEFT JOIN LATERAL (
       SELECT json_build_object('type', e.actor_type, 'id', e.actor_id, 'user_id', e.user_id,
         'request_id', e.request_id) AS changed_by
       FROM audit_events e
       WHERE e.organization_id = ${a}.organization_id AND e.occurred_at = ${a}.valid_from
         AND ((e.resource_type = $4 AND e.resource_id = ${liveId(a)})
           OR (e.resource_type = 'network' AND e.resource_id = ${a}.network_id AND e.action = 'observations.ingest'))
       ORDER BY e.resource_type = $4 DESC LIMIT 1
     ) author ON true
     WHERE ${s.where} AND ${ofEntities(a, '$3')}
     ORDER BY ${a}.valid_from DESC, ${a}.valid_to DESC NULLS FIRST`,
    [...s.params, [id], resourceType],
  );
}

/** Who made a version (docs/audit.md). */
export interface VersionAuthor {
  type: string;
  id: string | null;
  user_id: string | null;
  request_id: string | null;
}

/**
 * Applies changes to live rows within the caller's reach, versioning each changed row; a row equal to its
 * change writes nothing, and a column a change leaves out keeps its value. Returns the ids that got a
 * new version. One statement per distinct set of columns.
 */
export async function updateVersioned(
  db: Database,
  table: VersionedTable,
  ctx: TenantContext,
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
  for (const group of bySignature.values()) versioned.push(...(await updateGroup(db, table, ctx, group, at)));
  return versioned;
}

async function updateGroup(db: Database, table: VersionedTable, ctx: TenantContext, changes: Change[], at: Date) {
  const columns = Object.keys(changes[0]).filter((column) => column !== 'id');
  const definition = ['id uuid', ...columns.map((column) => `${column} ${table.data[column]}`)].join(', ');
  const copied = [...Object.keys(table.fixed), ...Object.keys(table.data), 'updated_at'];
  const s = tenantScope('t', ctx);
  const rows = await db.query<{ id: string }>(
    `WITH incoming AS (
       SELECT * FROM jsonb_to_recordset($4::jsonb) AS x(${definition})
     ), changed AS (
       SELECT t.id FROM ${table.name} t JOIN incoming i ON i.id = t.id
       WHERE ${s.where} AND t.valid_to IS NULL
         AND (${columns.map((c) => `t.${c}`).join(', ')}, NULL) IS DISTINCT FROM (${columns.map((c) => `i.${c}`).join(', ')}, NULL)
     ), history AS (
       INSERT INTO ${table.name} (id, lineage_id, valid_from, valid_to, ${copied.join(', ')})
       SELECT gen_random_uuid(), t.id, t.valid_from, $3, ${copied.map((c) => `t.${c}`).join(', ')}
       FROM ${table.name} t JOIN changed USING (id) WHERE ${s.where} AND t.valid_to IS NULL
     )
     UPDATE ${table.name} t SET ${columns.map((c) => `${c} = i.${c}`).join(', ')}, valid_from = $3, updated_at = $3
     FROM incoming i JOIN changed USING (id)
     WHERE ${s.where} AND t.id = i.id AND t.valid_to IS NULL RETURNING t.id`,
    [...s.params, at, JSON.stringify(changes)],
  );
  return rows.map((row) => row.id);
}

/**
 * Closes live rows within the caller's reach (a delete): they stay, with valid_to set, for as-of reads
 * and history. `by` names the column matched against `ids` (`host_id` closes a host's children).
 */
export async function closeVersioned(
  db: Database,
  table: VersionedTable,
  ctx: TenantContext,
  ids: readonly string[],
  at: Date,
  by: 'id' | 'host_id' = 'id',
): Promise<number> {
  if (ids.length === 0) return 0;
  const s = tenantScope('t', ctx);
  return db.execute(
    `UPDATE ${table.name} t SET valid_to = $3 WHERE ${s.where} AND t.${by} = ANY ($4::uuid[]) AND t.valid_to IS NULL`,
    [...s.params, at, ids],
  );
}
