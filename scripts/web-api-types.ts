// Generates web/src/api/schema.d.ts, the web client's types, from the OpenAPI document the app
// serves (npm run web:types). test/web/api-types.test.ts fails when the committed file drifts from
// the served document: run this after changing a route schema.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openSqlite } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';

export const API_TYPES_FILE = join(import.meta.dirname, '..', 'web', 'src', 'api', 'schema.d.ts');

const HEADER = '// Generated from the served OpenAPI document by `npm run web:types` (scripts/web-api-types.ts). Do not edit.\n\n';

/** The TypeScript text openapi-typescript writes for a served document. */
export async function renderApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

async function main() {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
  const { db } = openSqlite(':memory:');
  await migrateToLatest(db);
  const app = await buildApp(config, { db, logger: false });
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  writeFileSync(API_TYPES_FILE, await renderApiTypes(res.json()));
  console.log(`wrote ${API_TYPES_FILE}`);
}

if (process.argv[1] === import.meta.filename) await main();
