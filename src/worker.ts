import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './common/config/app-config';
import { openDatabase } from './common/database/open-database';
import { stopOnSignals } from './shutdown';

/** `npm run worker`: discovery runs and schedules only, no HTTP; as many as you like on one database. */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, DISCOVERY_WORKER: 'true' });
  if (!config.databaseUrl) throw new ConfigError('npm run worker needs DATABASE_URL: the database the API uses');
  const database = await openDatabase(config);
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ config, dataSource: database.dataSource }),
    { bufferLogs: true },
  );
  const logger = app.get(Logger);
  app.useLogger(logger);
  await app.init();
  logger.log(`Netatlas discovery worker started (${config.discovery.workerConcurrency} runs at once)`);
  stopOnSignals(logger, config.shutdownTimeoutMs, async () => {
    await app.close();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
