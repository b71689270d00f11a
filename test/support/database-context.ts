import type { DataSource } from 'typeorm';
import { createDataSource } from '../../src/common/database/data-source';
import { Database } from '../../src/common/database/database';
import { createDatabase } from './test-database';

/**
 * A fresh migrated database and our Database on it, for a test file without the app: `const ctx =
 * useDatabase();` then `ctx.db` inside tests (opened in beforeAll, closed in afterAll). `prepare` runs on
 * the new database's name before anything connects (database-level settings).
 */
export function useDatabase(options: { poolMax?: number; prepare?: (name: string) => Promise<unknown> } = {}): {
  db: Database;
} {
  const ctx = {} as { db: Database };
  let dataSource: DataSource | undefined;
  beforeAll(async () => {
    const database = await createDatabase();
    await options.prepare?.(database.name);
    dataSource = createDataSource({ url: database.url, poolMax: options.poolMax ?? 2 });
    await dataSource.initialize();
    ctx.db = new Database(dataSource);
  });
  afterAll(() => dataSource?.destroy());
  return ctx;
}
