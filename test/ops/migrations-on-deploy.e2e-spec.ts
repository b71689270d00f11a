import { MigrationInterface, QueryRunner } from 'typeorm';
import { migrations } from '../../migrations';
import { loadConfig } from '../../src/common/config/app-config';
import { createDataSource, runMigrations } from '../../src/common/database/data-source';
import { openDatabase } from '../../src/common/database/open-database';
import { createDatabase, testDatabaseEnv, withAdminClient } from '../support/test-database';

jest.setTimeout(120_000);

const INSTANCES = 5;

/** Tables, columns, indexes, constraints and functions of the database: what a migration could change. */
const SCHEMA_SQL = `
  SELECT 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type AS item
    FROM information_schema.columns WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
  UNION ALL SELECT 'index ' || schemaname || '.' || indexname || ' ' || indexdef FROM pg_indexes
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL SELECT 'constraint ' || conrelid::regclass || '.' || conname FROM pg_constraint
    WHERE connamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  UNION ALL SELECT 'function ' || p.oid::regprocedure FROM pg_proc p
    WHERE pronamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  ORDER BY 1`;

class CreatesATable1900000000001 implements MigrationInterface {
  name = 'CreatesATable1900000000001';
  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE TABLE created_before_the_failure (id int)');
  }
  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE created_before_the_failure');
  }
}

class FailsHalfway1900000000002 implements MigrationInterface {
  name = 'FailsHalfway1900000000002';
  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE organizations ADD COLUMN added_by_the_failing_migration int');
    await db.query('SELECT 1 / 0');
  }
  async down(): Promise<void> {}
}

describe('migrations on deploy', () => {
  let database: { name: string; url: string };
  beforeAll(async () => (database = await createDatabase({ template: '' })));
  afterAll(() =>
    withAdminClient(testDatabaseEnv().adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`),
    ),
  );

  const query = async <T>(sql: string): Promise<T[]> => {
    const dataSource = createDataSource({ url: database.url, poolMax: 1 });
    await dataSource.initialize();
    try {
      return (await dataSource.query(sql)) as T[];
    } finally {
      await dataSource.destroy();
    }
  };
  const appliedNames = async () =>
    (await query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY id')).map((row) => row.name);

  it(`${INSTANCES} instances starting together on a fresh database migrate it exactly once`, async () => {
    const config = loadConfig({ DATABASE_URL: database.url, DATABASE_POOL_MAX: '2' });
    const logs = Array.from({ length: INSTANCES }, () => [] as string[]);
    const opened = await Promise.all(logs.map((log) => openDatabase(config, (message) => log.push(message))));
    await Promise.all(opened.map((instance) => instance.close()));

    expect(await appliedNames()).toEqual(migrations.map((migration) => migration.name));
    const migrated = logs.filter((log) => log.some((line) => line.startsWith('Applying ')));
    expect(migrated).toEqual([
      [
        `Applying ${migrations.length} pending migrations in one transaction: ${migrations.map((m) => m.name).join(', ')}`,
        `Applied ${migrations.length} migrations`,
      ],
    ]);
    const upToDate = `Schema up to date (${migrations.length} migrations applied)`;
    expect(logs.filter((log) => log.at(-1) === upToDate)).toHaveLength(INSTANCES - 1);
  });

  it('a failing migration leaves the schema and schema_migrations as they were, and is named', async () => {
    const schemaBefore = await query<{ item: string }>(SCHEMA_SQL);
    const appliedBefore = await appliedNames();
    const dataSource = createDataSource({
      url: database.url,
      poolMax: 1,
      migrations: [...migrations, CreatesATable1900000000001, FailsHalfway1900000000002],
    });
    await dataSource.initialize();
    try {
      await expect(runMigrations(dataSource)).rejects.toThrow(
        'Migration FailsHalfway1900000000002 failed: division by zero; no migration of this run was applied',
      );
      // The lock was released: the next run takes it, and fails the same way rather than waiting.
      await expect(runMigrations(dataSource)).rejects.toThrow('Migration FailsHalfway1900000000002 failed');
    } finally {
      await dataSource.destroy();
    }
    expect(await query<{ item: string }>(SCHEMA_SQL)).toEqual(schemaBefore);
    expect(await appliedNames()).toEqual(appliedBefore);
    expect(
      await query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`),
    ).toEqual([]);
  });
});
