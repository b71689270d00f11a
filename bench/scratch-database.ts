import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '../src/common/database/data-source';
import { startEmbeddedPostgres } from '../src/common/database/embedded-postgres';

/**
 * Runs `work` on a migrated database made for it (on DATABASE_URL's server, else an embedded one under
 * .data/bench) and drops it afterwards, whatever happens.
 */
export async function withScratchDatabase(work: (dataSource: DataSource, url: string) => Promise<void>): Promise<void> {
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres('.data/bench', 54331);
  const adminUrl = process.env.DATABASE_URL ?? embedded!.url;
  const name = `netatlas_bench_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataSource = createDataSource({ url: url.toString(), poolMax: 5 });
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    await work(dataSource, url.toString());
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
  }
}
