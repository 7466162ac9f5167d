import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setUserFields, type TestApp } from '../helpers/app.js';
import { signedInUser } from '../users/fixtures.js';
import { activeUser, cookieOf, expectError, type Auth } from './support.js';

// Every lists route runs its guard as a preValidation hook: who may call is answered before
// anything about what they sent, so a caller without credentials (or without the right) learns
// nothing about the input rules. Every operation of the served document that needs credentials
// is asked with input that fails its schema.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  body: boolean;
  /** Whether it takes any input a request could get wrong: path or query parameters, or a JSON body. */
  input: boolean;
}

/** The lists operations that need credentials, from the served document. */
async function guardedOperations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const ours = op.tags?.includes('lists') || path.startsWith('/api/exports/list');
      if (!ours || !op.security || op.security.length === 0) continue;
      const body = op.requestBody?.content?.['application/json'] !== undefined;
      const params = (op.parameters ?? []).some((p: { in: string }) => p.in === 'path' || p.in === 'query');
      out.push({ method: method.toUpperCase() as Method, path, body, input: body || params });
    }
  }
  return out;
}

/** A request that fails validation: ids too long for any path parameter, an out-of-range limit, an unknown body field. */
function badRequestFor(op: Operation, auth?: Auth) {
  const url = `${op.path.replace(/\{[^}]+\}/g, 'x'.repeat(65))}?limit=0`;
  return t.app.inject({ method: op.method, url, headers: { ...(auth ?? {}) }, ...(op.body ? { payload: { unexpected: true } } : {}) });
}

describe('lists: the guard answers before validation', () => {
  it('covers every lists operation that needs credentials', async () => {
    const ops = await guardedOperations();
    expect(ops.length).toBeGreaterThanOrEqual(24);
    // The same requests with credentials are refused by validation (so the 401s below are the guard's).
    const me = await activeUser(t);
    for (const op of ops.filter((o) => o.input)) {
      const res = await badRequestFor(op, cookieOf(me));
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
  });

  it('without credentials: 401, not a 400 about the input', async () => {
    for (const op of await guardedOperations()) {
      const res = await badRequestFor(op);
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(401);
    }
  });

  it('a restricted account writing bad input: 403 account_restricted; a probation account creating a list with a bad body: 403', async () => {
    const restricted = await activeUser(t);
    await setUserFields(t.db, restricted.user.id, { account_status: 'restricted' });
    for (const op of (await guardedOperations()).filter((o) => o.method !== 'GET')) {
      const res = await badRequestFor(op, cookieOf(restricted));
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('account_restricted');
    }
    const probation = await signedInUser(t);
    expectError(await badRequestFor({ method: 'POST', path: '/api/lists', body: true, input: true }, cookieOf(probation)), 403, 'account_probation_feature');
  });
});
