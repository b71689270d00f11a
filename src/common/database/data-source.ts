import { DataSource, MigrationExecutor, QueryRunner } from 'typeorm';
import type { Migration } from 'typeorm/migration/Migration';
import { migrations as allMigrations } from '../../../migrations';

export interface DataSourceOptions {
  url: string;
  poolMax?: number;
  applicationName?: string;
  /** The migrations to apply, oldest first; tests pass their own list. */
  migrations?: (new () => unknown)[];
}

/** Where progress lines go (the startup logger, or stdout for `npm run migrate`). */
export type ProgressLog = (message: string) => void;

/** The one DataSource of a process: migrations from migrations/, UTC sessions, bounded pool. */
export function createDataSource({
  url,
  poolMax = 10,
  applicationName = 'netatlas',
  migrations = allMigrations,
}: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'all',
    entities: [],
    // Our own lines report migrations (runMigrations); TypeORM's own messages show with DEBUG=typeorm:*.
    logger: 'debug',
    applicationName,
    extra: { max: poolMax, options: '-c TimeZone=UTC', connectionTimeoutMillis: 5_000 },
  });
}

/** Session-level advisory lock key taken while migrating: any fixed number no other lock in the database uses. */
const MIGRATION_LOCK_KEY = 8_340_615_220;

/** Knows how many migrations of its run reached schema_migrations, to name the one that failed. */
class RecordingMigrationExecutor extends MigrationExecutor {
  readonly recorded: string[] = [];

  protected override async insertExecutedMigration(queryRunner: QueryRunner, migration: Migration): Promise<void> {
    await super.insertExecutedMigration(queryRunner, migration);
    this.recorded.push(migration.name);
  }
}

/**
 * Applies the pending migrations, all in one transaction, under an advisory lock held on one connection:
 * processes starting together migrate once; the others wait, then find nothing pending. Returns the names
 * applied. A failure rolls back every migration of the run and names the one that failed.
 */
export async function runMigrations(dataSource: DataSource, log: ProgressLog = () => undefined): Promise<string[]> {
  const queryRunner = dataSource.createQueryRunner();
  try {
    await queryRunner.connect();
    const [{ locked }] = (await queryRunner.query('SELECT pg_try_advisory_lock($1) AS locked', [
      MIGRATION_LOCK_KEY,
    ])) as { locked: boolean }[];
    if (!locked) {
      log('Waiting for another process to finish migrating the schema');
      await queryRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    try {
      return await applyPending(dataSource, queryRunner, log);
    } finally {
      // Only a dead connection fails to unlock, and PostgreSQL drops a dead session's locks itself.
      await queryRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await queryRunner.release();
  }
}

async function applyPending(dataSource: DataSource, queryRunner: QueryRunner, log: ProgressLog): Promise<string[]> {
  const executor = new RecordingMigrationExecutor(dataSource, queryRunner);
  executor.transaction = 'all';
  const pending = (await executor.getPendingMigrations()).map((migration) => migration.name);
  if (pending.length === 0) {
    log(`Schema up to date (${dataSource.migrations.length} migrations applied)`);
    return [];
  }
  log(`Applying ${pending.length} pending migrations in one transaction: ${pending.join(', ')}`);
  try {
    await executor.executePendingMigrations();
  } catch (error) {
    const failed = pending[executor.recorded.length];
    const where = failed ? `Migration ${failed} failed` : 'Committing the migrations failed';
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${where}: ${reason}; no migration of this run was applied`, { cause: error });
  }
  log(`Applied ${pending.length} migrations`);
  return pending;
}
