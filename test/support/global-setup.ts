import { join } from 'node:path';
import { SCAN_DIR_ENV, scanDirFor } from './secret-scan';
import { createDataSource, runMigrations } from '../../src/common/database/data-source';
import { EmbeddedDatabase, startEmbeddedPostgres } from '../../src/common/database/embedded-postgres';
import { urlForDatabase, withAdminClient } from './test-database';

declare global {
  var __NETATLAS_EMBEDDED__: EmbeddedDatabase | undefined;
}

const TEST_EMBEDDED_PORT = 54330;

/**
 * Once per `jest` run: find a PostgreSQL (DATABASE_URL, else an embedded one), migrate a template
 * database once; each test file then copies it (CREATE DATABASE ... TEMPLATE).
 */
export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    globalThis.__NETATLAS_EMBEDDED__ = await startEmbeddedPostgres(
      join(__dirname, '../../.data/test'),
      TEST_EMBEDDED_PORT,
    );
    adminUrl = globalThis.__NETATLAS_EMBEDDED__.url;
  }
  const runId = `netatlas_test_${Date.now().toString(36)}_${process.pid}`;
  const template = `${runId}_template`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
  const dataSource = createDataSource({ url: urlForDatabase(adminUrl, template), poolMax: 1 });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
  process.env.NETATLAS_TEST_ADMIN_URL = adminUrl;
  process.env.NETATLAS_TEST_TEMPLATE = template;
  process.env.NETATLAS_TEST_RUN_ID = runId;
  // What the tests see is collected here and scanned for secrets by the global teardown.
  process.env[SCAN_DIR_ENV] = scanDirFor(runId);
}
