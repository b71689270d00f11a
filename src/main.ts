import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createApp } from './app.factory';
import { loadConfig } from './common/config/app-config';
import { openDatabase } from './common/database/open-database';
import { runMain, stopOnSignals } from './process-lifecycle';

runMain(async () => {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  const app = await createApp({ config, dataSource: database.dataSource });
  await app.listen({ port: config.port, host: config.host });
  app
    .get(Logger)
    .log(`Netatlas listening on ${await app.getUrl()} (database: ${database.embedded ? 'embedded' : 'DATABASE_URL'})`);
  stopOnSignals(app, database, config.shutdownTimeoutMs);
});
