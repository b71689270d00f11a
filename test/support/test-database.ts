import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by global-setup for every worker: where to create databases and which template holds the schema. */
export interface TestDatabaseEnv {
  adminUrl: string;
  template: string;
  runId: string;
}

export function testDatabaseEnv(): TestDatabaseEnv {
  const {
    NETATLAS_TEST_ADMIN_URL: adminUrl,
    NETATLAS_TEST_TEMPLATE: template,
    NETATLAS_TEST_RUN_ID: runId,
  } = process.env;
  if (!adminUrl || !template || !runId) throw new Error('test/support/global-setup.ts did not run');
  return { adminUrl, template, runId };
}

export function urlForDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(adminUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database named after this run, so teardown drops exactly what the run made. */
export async function createDatabase(options: { template?: string } = {}): Promise<{ name: string; url: string }> {
  const { adminUrl, template, runId } = testDatabaseEnv();
  const name = `${runId}_${randomBytes(4).toString('hex')}`;
  const from = options.template === undefined ? template : options.template;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${from ? ` TEMPLATE "${from}"` : ''}`),
  );
  return { name, url: urlForDatabase(adminUrl, name) };
}
