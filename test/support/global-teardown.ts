import { rmSync } from 'node:fs';
import { SCAN_DIR_ENV, scanRun } from './secret-scan';
import { testDatabaseEnv, withAdminClient } from './test-database';

/**
 * Drops the databases this run created (named after its run id), and nothing else; then scans what the
 * tests saw for secrets (test/support/secret-scan.ts) and fails the run on a leak.
 */
export default async function globalTeardown(): Promise<void> {
  const { adminUrl, runId } = testDatabaseEnv();
  await withAdminClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname DESC`,
      [`${runId}_`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
  await globalThis.__NETATLAS_EMBEDDED__?.stop();
  const folder = process.env[SCAN_DIR_ENV];
  if (!folder) return;
  const leaks = scanRun(folder);
  if (leaks) throw new Error(leaks);
  rmSync(folder, { recursive: true, force: true });
}
