// The OpenAPI document the app serves, read as a client would (GET /api/openapi.json) from an app
// built on an in-memory database: for the scripts that lint it and generate the client's types.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openSqlite } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';

/** The served document's JSON text; `env` adds settings (PUBLIC_URL names the contact URL). */
export async function servedOpenApi(env: Record<string, string> = {}): Promise<string> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent', ...env });
  const { db } = openSqlite(':memory:');
  await migrateToLatest(db);
  const app = await buildApp(config, { db, logger: false });
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  return res.body;
}
