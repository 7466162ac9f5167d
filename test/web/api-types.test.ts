import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/web-api-types.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { servedDocument } from '../helpers/openapi-document.js';

// The web client's committed API types (web/src/api/schema.d.ts) are what openapi-typescript
// makes of the document the app serves: a route schema changed without `npm run web:types`
// fails here, before the client is built against stale types.

let t: TestApp;
// A whole app on a fresh database: slow on a busy machine, hence the longer hook timeout.
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
}, 120_000);
afterAll(async () => t?.close());

it('the committed client types are generated from the served OpenAPI document', { timeout: 120_000 }, async () => {
  const { doc } = await servedDocument(t.app);
  const expected = await renderApiTypes(doc);
  const committed = readFileSync(API_TYPES_FILE, 'utf8');
  // Compared whole; on drift, the message names the fix rather than printing 800 KB.
  expect(committed === expected, 'web/src/api/schema.d.ts is stale: run npm run web:types').toBe(true);
  expect(committed).toContain('"/api/messages/{id}"');
});
