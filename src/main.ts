import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Logger } from 'nestjs-pino';
import pino from 'pino';
import { createApp } from './app.factory';
import { loadConfig } from './common/config/app-config';
import { openDatabase } from './common/database/open-database';
import { runMain, stopOnSignals } from './process-lifecycle';

runMain(async () => {
  const config = loadConfig(process.env);
  // The app's own logger exists only once the app does; until then startup steps log through this one.
  const startup = pino({ level: config.logLevel });
  const database = await openDatabase(config, (message) => startup.info(message));
  const app = await createApp({ config, dataSource: database.dataSource });
  await app.listen({ port: config.port, host: config.host });
  const bound = app.getHttpServer().address() as AddressInfo;
  const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  // Before the line that says it is up: a SIGTERM sent on reading it must find the handler in place.
  stopOnSignals(app, database, config.shutdownTimeoutMs);
  app
    .get(Logger)
    .log(
      `Netatlas listening on http://${host}:${bound.port} (database: ${database.embedded ? 'embedded' : 'DATABASE_URL'})`,
    );
});
