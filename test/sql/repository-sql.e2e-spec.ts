import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { format } from 'sql-formatter';
import { RecordingDatabase } from '../support/recording-database';
import { useTestApp } from '../support/test-app';
import { tablesOf } from '../support/sql-tables';
import { unscopedTables } from '../support/tenant-predicate';
import { REPOSITORIES, type RepositoryCalls } from './repository-calls';
import { seed, type Seed } from './seed';
import { READS_ACROSS, TABLE_OWNERS } from './table-owners';
import { WITHOUT_TENANT } from './without-tenant';

/**
 * Every statement each repository can issue, rendered into a committed file beside it
 * (`<name>.repository.sql`), so a change of SQL shows in review next to the code that made it; and every
 * statement checked for the organization predicate. `npm run sql` rewrites the files.
 */
const ROOT = join(__dirname, '../..');
const REWRITE = process.env.UPDATE_SQL === '1';

const repositoryFiles = () =>
  readdirSync(join(ROOT, 'src/modules'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.repository.ts'))
    .map((path) => `src/modules/${path}`)
    .sort();

const methodsOf = (type: RepositoryCalls['type']) =>
  Object.getOwnPropertyNames(type.prototype).filter(
    (name) => name !== 'constructor' && typeof (type.prototype as Record<string, unknown>)[name] === 'function',
  );

/** One layout for every statement, whatever the code around it looked like: diffs show what changed. */
const tidy = (sql: string): string =>
  format(sql, { language: 'postgresql', keywordCase: 'upper', expressionWidth: 100 });

describe('repository SQL', () => {
  const ctx = useTestApp();
  let db: RecordingDatabase;
  let s: Seed;
  let tenantTables: Set<string>;
  const rendered = new Map<string, Map<string, string[]>>();

  beforeAll(async () => {
    db = new RecordingDatabase(ctx.t.dataSource);
    s = await seed(ctx.http, ctx.t.dataSource);
    const rows = await ctx.t.dataSource.query(
      `SELECT DISTINCT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'organization_id'`,
    );
    tenantTables = new Set([...rows.map((row: { table_name: string }) => row.table_name), 'organizations']);
  });

  it('has the calls of every method of every repository', () => {
    expect(REPOSITORIES.map((r) => r.file).sort()).toEqual(repositoryFiles());
    for (const repository of REPOSITORIES)
      expect({ [repository.file]: Object.keys(repository.calls).sort() }).toEqual({
        [repository.file]: methodsOf(repository.type).sort(),
      });
  });

  it.each(REPOSITORIES.map((r) => [r.file, r] as const))('%s: runs every call', async (_file, repository) => {
    const instance = new repository.type(db) as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const statements = new Map<string, string[]>();
    for (const [method, calls] of Object.entries(repository.calls)) {
      if (calls === 'private') continue;
      const seen: string[] = [];
      for (const args of calls(s))
        for (const sql of await db.recordRolledBack(() => instance[method](...args)))
          if (!seen.includes(tidy(sql))) seen.push(tidy(sql));
      statements.set(method, seen);
    }
    rendered.set(repository.file, statements);
  });

  it('matches the committed SQL files (npm run sql rewrites them)', () => {
    for (const [file, statements] of rendered) {
      const sqlFile = join(ROOT, file.replace(/\.ts$/, '.sql'));
      const text = render(relative(ROOT, file), statements);
      if (REWRITE) writeFileSync(sqlFile, text);
      const committed = (() => {
        try {
          return readFileSync(sqlFile, 'utf8');
        } catch {
          return '';
        }
      })();
      expect({ [sqlFile]: committed }).toEqual({ [sqlFile]: text });
    }
  });

  it('carries the organization predicate in every statement, but for the listed exceptions', () => {
    const missing: string[] = [];
    for (const [file, statements] of rendered)
      for (const [method, sqls] of statements)
        for (const sql of sqls) {
          const tables = unscopedTables(sql, tenantTables);
          const allowed = WITHOUT_TENANT[`${file.split('/').pop()}#${method}`];
          if (tables.length && !allowed) missing.push(`${file} ${method}: ${tables.join(', ')}\n${sql}`);
        }
    expect(missing).toEqual([]);
  });

  it("writes only its own module's tables, and reads another's only where listed", () => {
    const owned = new Set(Object.keys(TABLE_OWNERS));
    const crossings: Record<string, Record<string, string>> = {};
    for (const [file, statements] of rendered) {
      const module = file.split('/')[2];
      for (const sqls of statements.values())
        for (const sql of sqls) {
          const { reads, writes } = tablesOf(sql, owned);
          for (const table of writes.filter((t) => TABLE_OWNERS[t] !== module))
            (crossings[module] ??= {})[table] = 'writes';
          for (const table of reads.filter((t) => TABLE_OWNERS[t] !== module && !READS_ACROSS[module]?.[t]))
            (crossings[module] ??= {})[table] ??= 'reads';
        }
    }
    expect(crossings).toEqual({});
  });
});

function render(file: string, statements: Map<string, string[]>): string {
  const parts = [`-- Generated by test/sql/repository-sql.e2e-spec.ts from ${file}; \`npm run sql\` rewrites it.\n`];
  for (const [method, sqls] of statements) {
    parts.push(`-- ${method}`);
    for (const sql of sqls) parts.push(`${sql};\n`);
  }
  return parts.join('\n');
}
