import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createDatabase, testDatabaseEnv, withAdminClient } from '../../support/test-database';
import { freePort, type ServerProcess, startServer, WORKER_JS } from '../../support/server-process';

export interface Instance {
  name: 'A' | 'B';
  port: number;
  process: ServerProcess;
}

/** Two API processes and one discovery worker on one PostgreSQL database and one Redis. */
export interface Cluster {
  a: Instance;
  b: Instance;
  worker: ServerProcess;
  databaseUrl: string;
  /** Kills whatever still runs, drops the database, stops the Redis it started; safe after a failure. */
  stop(): Promise<void>;
}

const alive = (child: ChildProcess) => child.pid !== undefined && child.exitCode === null && child.signalCode === null;

/** REDIS_URL when set, else a redis-server of our own on a free loopback port. */
async function redis(children: ChildProcess[]): Promise<string> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return `redis://127.0.0.1:${port}`;
}

export async function startCluster(): Promise<Cluster> {
  const children: ChildProcess[] = [];
  // A process still running when jest leaves (a crash in a hook) is not left behind.
  const killAll = () => children.filter(alive).forEach((child) => child.kill('SIGKILL'));
  process.once('exit', killAll);
  const database = await createDatabase({ template: '' });
  const stop = async () => {
    const running = children.filter(alive);
    const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
    killAll();
    await Promise.all(exited);
    process.removeListener('exit', killAll);
    await withAdminClient(testDatabaseEnv().adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`),
    );
  };
  try {
    const common = {
      DATABASE_URL: database.url,
      REDIS_URL: await redis(children),
      HOST: '127.0.0.1',
      // Every process opens the others' sealed secrets.
      CREDENTIAL_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DISCOVERY_ALLOWED_CIDRS: '127.0.0.0/8',
      SHUTDOWN_TIMEOUT_MS: '20000',
    };
    const app = async (name: 'A' | 'B'): Promise<Instance> => {
      const port = await freePort();
      const server = startServer({ ...common, PORT: String(port), DISCOVERY_WORKER: 'false' });
      children.push(server.child);
      return { name, port, process: server };
    };
    // All three at once on the empty database: the migrations' advisory lock lets one of them migrate.
    const [a, b] = await Promise.all([app('A'), app('B')]);
    const worker = startServer({ ...common, DISCOVERY_WORKER_CONCURRENCY: '2' }, WORKER_JS);
    children.push(worker.child);
    await Promise.all([
      a.process.waitFor('Netatlas listening', 60_000),
      b.process.waitFor('Netatlas listening', 60_000),
      worker.waitFor('discovery worker started', 60_000),
    ]);
    return { a, b, worker, databaseUrl: database.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
