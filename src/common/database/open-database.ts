import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { createDataSource, ProgressLog, runMigrations } from './data-source';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';

export interface OpenDatabase {
  dataSource: DataSource;
  /** True when this process started its own embedded PostgreSQL (no DATABASE_URL). */
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL, then applies pending migrations; says what
 * it does through log.
 */
export async function openDatabase(config: AppConfig, log: ProgressLog = () => undefined): Promise<OpenDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort, log);
  const url = config.databaseUrl ?? embedded!.url;
  const dataSource = createDataSource({ url, poolMax: config.databasePoolMax });
  try {
    await dataSource.initialize();
    await runMigrations(dataSource, log);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    embedded: embedded !== undefined,
    close: async () => {
      await dataSource.destroy();
      await embedded?.stop();
    },
  };
}
