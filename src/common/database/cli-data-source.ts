import 'reflect-metadata';
import { loadConfig } from '../config/app-config';
import { createDataSource } from './data-source';

/**
 * The DataSource the TypeORM CLI loads (npm run migration:*). It needs DATABASE_URL: the embedded server
 * is migrated by the app itself at start.
 */
const config = loadConfig(process.env);
if (!config.databaseUrl) throw new Error('Set DATABASE_URL to run the TypeORM CLI');

export default createDataSource({ url: config.databaseUrl, poolMax: 2, applicationName: 'netatlas-cli' });
