import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/common/config/app-config';
import { openDatabase } from '../src/common/database/open-database';
import { buildOpenApiDocument } from '../src/common/openapi/openapi';

const ROOT = join(__dirname, '../..');
export const DOCUMENT = join(ROOT, 'client/openapi.json');
export const SCHEMA = join(ROOT, 'client/schema.d.ts');
/** Request fields with a default stay optional in the types (they are, in the API). */
export const SCHEMA_OPTIONS = ['--default-non-nullable', 'false'];

/** The client's types from the committed document (what `npm run build` does too). */
export const generateSchema = () =>
  execFileSync(join(ROOT, 'node_modules/.bin/openapi-typescript'), [DOCUMENT, ...SCHEMA_OPTIONS, '-o', SCHEMA], {
    stdio: 'inherit',
  });

/**
 * `npm run openapi`: writes the document the API serves to client/openapi.json and the typed client's
 * types to client/schema.d.ts. Boots the app on DATABASE_URL (else the embedded PostgreSQL), as npm start does.
 */
async function main() {
  const config = loadConfig({ ...process.env, DISCOVERY_WORKER: 'false' });
  const database = await openDatabase(config);
  const app = await createApp({ config, dataSource: database.dataSource });
  try {
    await app.init();
    writeFileSync(DOCUMENT, `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  } finally {
    await app.close();
    await database.close();
  }
  generateSchema();
}

if (require.main === module) void main();
