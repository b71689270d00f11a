import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import pino from 'pino';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './common/config/app-config';
import { openDatabase } from './common/database/open-database';
import { runMain, stopOnSignals } from './process-lifecycle';

/** `npm run worker`: discovery runs and schedules only, no HTTP; as many as you like on one database. */
runMain(async () => {
  const config = loadConfig({ ...process.env, DISCOVERY_WORKER: 'true' });
  if (!config.databaseUrl) throw new ConfigError('npm run worker needs DATABASE_URL: the database the API uses');
  const startup = pino({ level: config.logLevel });
  const database = await openDatabase(config, (message) => startup.info(message));
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ config, dataSource: database.dataSource }),
    { bufferLogs: true },
  );
  app.useLogger(app.get(Logger));
  await app.init();
  stopOnSignals(app, database, config.shutdownTimeoutMs); // before the line a supervisor may act on
  app.get(Logger).log(`Netatlas discovery worker started (${config.discovery.workerConcurrency} runs at once)`);
});
