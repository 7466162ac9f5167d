import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castOf } from '../authorization/matrix.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { servedDocument, type Operation, type ServedDocument } from '../helpers/openapi-document.js';

// Who may call is decided before what they sent (README, "Guards come first"): every operation of
// the served document that needs credentials is sent input that fails validation, and answers 401
// without credentials; every such write answers a signed-in read-only (restricted) account 403
// account_restricted, or admin_required on the administrators' writes. So a caller who may not
// call learns nothing about what the input should be.

/** The router refuses a longer path parameter itself (414), before any hook: stay under it. */
const ROUTER_PARAM_MAX = 100;
const CRON_SECRET = 'c'.repeat(32);
/**
 * Writes that a read-only account may still make: they change only which of its own sessions the
 * browser's cookie holds. Their guard is the session alone, so the bad input gets its 400.
 */
const BROWSER_SIGN_INS = new Set(['switchAccount', 'removeSignedInAccount']);
/** Writes a read-only account may still make: deleting itself (a right while restricted; test/purge/deletion). */
const ALLOWED_WHILE_READ_ONLY = new Set(['deleteCurrentUser']);
/** Operations whose refused input the spec answers 422 `invalid_input` rather than 400 (spec, AI codes). */
const REFUSED_WITH_422 = new Set(['aiSuggest', 'aiGenerate']);

interface BadRequest {
  url: string;
  payload?: string;
  /** What was made to fail validation (empty: the operation takes no input that can). */
  refused: string[];
}

/** A value that `schema` refuses, at most `longest` characters long; null when there is none. */
function refusedValue(schema: any, longest: number): string | null {
  if (schema?.type === 'integer' || schema?.type === 'number') return 'not-a-number';
  if (schema?.type === 'boolean') return 'not-a-boolean';
  if (Array.isArray(schema?.enum)) return 'not-one-of-them';
  if (typeof schema?.maxLength === 'number' && schema.maxLength < longest) return 'x'.repeat(schema.maxLength + 1);
  return null;
}

/** The operation's request with every part that can fail validation made to: path, query and body. */
function badRequest(served: ServedDocument, { path, op }: Operation): BadRequest {
  const refused: string[] = [];
  const parameters = (op.parameters ?? []).map(served.deref);
  const values: Record<string, string> = {};
  const query: string[] = [];
  for (const p of parameters) {
    const schema = served.deref(p.schema);
    if (p.in === 'path') {
      const bad = refusedValue(schema, ROUTER_PARAM_MAX);
      if (bad !== null) refused.push(`path.${p.name}`);
      values[p.name] = bad ?? (schema?.type === 'integer' ? '1' : 'x');
    } else if (p.in === 'query') {
      const bad = refusedValue(schema, 10_000);
      if (bad !== null) {
        refused.push(`query.${p.name}`);
        query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(bad)}`);
      }
    }
  }
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name])) + (query.length ? `?${query.join('&')}` : '');
  if (!op.requestBody) return { url, refused };
  // A property no body declares: every JSON body is closed. A multipart operation is sent JSON,
  // which it refuses too.
  refused.push('body');
  return { url, payload: JSON.stringify({ unexpectedProperty: true }), refused };
}

const needsCredentials = (op: any) => Array.isArray(op.security) && op.security.length > 0 && !op.security.some((s: object) => Object.keys(s).length === 0);
const isCron = (op: any) => JSON.stringify(op.security) === JSON.stringify([{ bearer: [] }]);
const name = ({ method, path, op }: Operation) => `${method.toUpperCase()} ${path} (${op.operationId})`;

let t: TestApp;
let served: ServedDocument;
let guarded: Operation[];
let restrictedCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { SCHEDULER: 'off', CRON_SECRET } });
  served = await servedDocument(t.app);
  guarded = served.operations.filter((o) => needsCredentials(o.op));
  const cast = await castOf(t);
  restrictedCookie = cast.restricted.cookie;
  adminCookie = cast.admin.cookie;
}, 60_000);
afterAll(async () => t?.close());

async function send(operation: Operation, headers: Record<string, string>) {
  const bad = badRequest(served, operation);
  const res = await t.app.inject({
    method: operation.method.toUpperCase() as 'GET',
    url: bad.url,
    headers: { ...headers, ...(bad.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(bad.payload !== undefined ? { payload: bad.payload } : {}),
  });
  return { res, bad };
}

/** What is wrong with an answer, given the status (and error code) it should have; null: nothing. */
function mismatch(res: { statusCode: number; body: string }, status: number, code?: string): string | null {
  let body: { error?: unknown; code?: unknown } = {};
  try {
    body = JSON.parse(res.body);
  } catch {
    // Reported below as a missing error string.
  }
  if (res.statusCode === status && typeof body.error === 'string' && (code === undefined || body.code === code)) return null;
  return `expected ${status}${code ? ` ${code}` : ''}, got ${res.statusCode} ${res.body.slice(0, 160)}`;
}

describe('guards come before validation', () => {
  it('finds the operations that need credentials, the cron endpoints among them', () => {
    expect(guarded.length).toBeGreaterThan(50);
    expect(guarded.filter((o) => isCron(o.op)).length).toBeGreaterThanOrEqual(3);
  });

  it('without credentials, every such operation answers 401 to input it would refuse', async () => {
    const wrong: string[] = [];
    for (const operation of guarded) {
      const { res } = await send(operation, {});
      const problem = mismatch(res, 401);
      if (problem) wrong.push(`${name(operation)}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signed-in read-only account gets 403 on every write before any 400 (administrators’ writes: admin_required)', async () => {
    const wrong: string[] = [];
    for (const operation of guarded.filter((o) => o.method !== 'get')) {
      const { res } = await send(operation, { cookie: restrictedCookie });
      const problem =
        operation.op.tags?.includes('admin') ? mismatch(res, 403, 'admin_required')
        : BROWSER_SIGN_INS.has(operation.op.operationId) || ALLOWED_WHILE_READ_ONLY.has(operation.op.operationId) ? mismatch(res, 400)
        : mismatch(res, 403, 'account_restricted');
      if (problem) wrong.push(`${name(operation)}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the input is really refused: an administrator, past every gate, gets 400', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const operation of guarded.filter((o) => !isCron(o.op))) {
      if (badRequest(served, operation).refused.length === 0) continue;
      checked += 1;
      const { res, bad } = await send(operation, { cookie: adminCookie });
      const expected = REFUSED_WITH_422.has(operation.op.operationId) ? 422 : 400;
      if (res.statusCode !== expected) wrong.push(`${name(operation)} [${bad.refused.join(', ')}]: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(checked).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});
