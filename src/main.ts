import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './common/config/app-config';
import { openDatabase } from './common/database/open-database';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const app = await createApp({ config, dataSource: database.dataSource });
  const logger = app.get(Logger);
  await app.listen({ port: config.port, host: config.host });
  logger.log(
    `Netatlas listening on ${await app.getUrl()} (database: ${database.embedded ? 'embedded' : 'DATABASE_URL'})`,
  );

  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal} received: draining requests`);
    setTimeout(() => {
      logger.error(`Shutdown took longer than ${config.shutdownTimeoutMs} ms; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // app.close() stops accepting connections and waits for in-flight requests before the pool closes.
    await app.close();
    await database.close();
    logger.log('Stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, (s) => void stop(s));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
