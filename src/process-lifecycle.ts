import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { ConfigError } from './common/config/app-config';
import type { OpenDatabase } from './common/database/open-database';

/**
 * On SIGTERM/SIGINT: close the app (it stops taking work and waits for what is in flight), then the
 * database; exit 1 if that takes longer than timeoutMs.
 */
export function stopOnSignals(app: INestApplicationContext, database: OpenDatabase, timeoutMs: number): void {
  const logger = app.get(Logger);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining`);
    setTimeout(() => {
      logger.error(`Shutdown took longer than ${timeoutMs} ms; exiting`);
      process.exit(1);
    }, timeoutMs).unref();
    await app.close();
    await database.close();
    logger.log('Stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s) => void stop(s));
}

/** Runs a process's main; a configuration error prints its message alone. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
