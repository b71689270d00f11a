import 'reflect-metadata';
import { ConfigError, loadConfig } from './common/config/app-config';
import { createDataSource, runMigrations } from './common/database/data-source';

/**
 * `npm run migrate`, or `node dist/src/migrate.js` in the image: applies the pending migrations to
 * DATABASE_URL and exits; safe to run while instances start (they share the advisory lock).
 */
async function migrate(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl)
    throw new ConfigError('Set DATABASE_URL (postgres://user:password@host:5432/db): the database to migrate');
  const dataSource = createDataSource({ url: config.databaseUrl, poolMax: 1, applicationName: 'netatlas-migrate' });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource, (message) => console.log(message));
  } finally {
    await dataSource.destroy();
  }
}

// An operator reads one line: what failed and why (the failing migration is named in the message).
migrate().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
