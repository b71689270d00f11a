import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from '../../migrations';
import { freePort, startServer } from '../support/server-process';
import { createDatabase, testDatabaseEnv, withAdminClient } from '../support/test-database';

jest.setTimeout(120_000);

const MIGRATE_JS = join(__dirname, '../../dist/src/migrate.js');

/** `node dist/src/migrate.js` as an operator (or the image) runs it: only the given environment. */
function migrate(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  if (!existsSync(MIGRATE_JS)) throw new Error(`${MIGRATE_JS} is missing: run "npx nest build" (npm test builds)`);
  const child = spawn(process.execPath, [MIGRATE_JS], { env: { PATH: process.env.PATH, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run migrate (dist/src/migrate.js) and the first start', () => {
  const created: string[] = [];
  const freshDatabase = async () => {
    const database = await createDatabase({ template: '' });
    created.push(database.name);
    return database;
  };
  afterAll(() =>
    withAdminClient(testDatabaseEnv().adminUrl, async (client) => {
      for (const name of created) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }),
  );

  it('applies the pending migrations of a fresh database, says which, and exits 0; then finds none', async () => {
    const { url } = await freshDatabase();
    const names = migrations.map((migration) => migration.name);
    expect(await migrate({ DATABASE_URL: url })).toEqual({
      code: 0,
      stdout: `Applying ${names.length} pending migrations in one transaction: ${names.join(', ')}\nApplied ${names.length} migrations\n`,
      stderr: '',
    });
    expect(await migrate({ DATABASE_URL: url })).toEqual({
      code: 0,
      stdout: `Schema up to date (${names.length} migrations applied)\n`,
      stderr: '',
    });
  });

  it('without DATABASE_URL exits 1 with one line saying what to set', async () => {
    expect(await migrate({})).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Set DATABASE_URL (postgres://user:password@host:5432/db): the database to migrate\n',
    });
  });

  it('the server logs the migrations it applies and the address it actually bound', async () => {
    const { url } = await freshDatabase();
    const port = await freePort();
    const server = startServer({ DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1' });
    await server.waitFor('Netatlas listening');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const messages = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain(`Applied ${migrations.length} migrations`);
    expect(messages).toContain(`Netatlas listening on http://127.0.0.1:${port} (database: DATABASE_URL)`);
  });
});
