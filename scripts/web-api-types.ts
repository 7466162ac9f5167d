// Generates web/src/api/schema.d.ts, the web client's types, from the OpenAPI document the app
// serves (npm run web:types). test/web/api-types.test.ts fails when the committed file drifts from
// the served document: run this after changing a route schema.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { servedOpenApi } from './served-openapi.js';

export const API_TYPES_FILE = join(import.meta.dirname, '..', 'web', 'src', 'api', 'schema.d.ts');

const HEADER = '// Generated from the served OpenAPI document by `npm run web:types` (scripts/web-api-types.ts). Do not edit.\n\n';

/** The TypeScript text openapi-typescript writes for a served document. */
export async function renderApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

async function main() {
  writeFileSync(API_TYPES_FILE, await renderApiTypes(JSON.parse(await servedOpenApi()) as object));
  console.log(`wrote ${API_TYPES_FILE}`);
}

if (process.argv[1] === import.meta.filename) await main();
