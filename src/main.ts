import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './common/config/app-config';
import { openDatabase } from './common/database/open-database';
import { stopOnSignals } from './shutdown';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const app = await createApp({ config, dataSource: database.dataSource });
  const logger = app.get(Logger);
  await app.listen({ port: config.port, host: config.host });
  logger.log(
    `Netatlas listening on ${await app.getUrl()} (database: ${database.embedded ? 'embedded' : 'DATABASE_URL'})`,
  );
  // app.close() stops accepting connections and waits for in-flight requests before the pool closes.
  stopOnSignals(logger, config.shutdownTimeoutMs, async () => {
    await app.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
