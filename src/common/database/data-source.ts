import { DataSource } from 'typeorm';
import { migrations } from '../../../migrations';

export interface DataSourceOptions {
  url: string;
  poolMax?: number;
  applicationName?: string;
}

/** The one DataSource of a process: migrations from migrations/, UTC sessions, bounded pool. */
export function createDataSource({ url, poolMax = 10, applicationName = 'netatlas' }: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    entities: [],
    applicationName,
    extra: { max: poolMax, options: '-c TimeZone=UTC', connectionTimeoutMillis: 5_000 },
  });
}

export async function runMigrations(dataSource: DataSource): Promise<void> {
  await dataSource.runMigrations({ transaction: 'each' });
}
