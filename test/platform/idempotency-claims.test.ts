import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { startedEarly } from '../../src/lib/promises.js';

// Idempotency-Key's own rules (src/http/idempotency.ts) that idempotency.test.ts and
// idempotency-edges.test.ts leave open: which keys are accepted at the bounds of "printable", the
// words of its errors, the sweep of a row at exactly its expiry, a claim the service made itself
// left running past its 5-minute lease (a crashed process). A fixture route that runs until the
// test lets it finish stands for the request still in flight. What is logged: idempotency-log.test.ts.

let t: TestApp;
/** Lets the pending /test/idempotency/held request finish. */
let release: (() => void) | undefined;
let held = 0;

function fixtures(app: FastifyInstance): void {
  app.post('/test/idempotency/held', async () => {
    const run = ++held;
    if (run === 1) await new Promise<void>((resolve) => (release = resolve));
    return { run };
  });
}

beforeAll(async () => {
  t = await createTestApp({ smtp: false, routes: fixtures });
});
afterAll(async () => {
  release?.();
  await t.close();
});

const key = () => `key-${newId()}`;
const keyRows = (k: string) => t.db.kysely.selectFrom('idempotency_keys').select(['state', 'response_status']).where('idem_key', '=', sha256(k)).execute();

function ingest(k: string) {
  return t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { 'idempotency-key': k }, payload: { type: 'claims', path: '/home' } });
}

describe('which keys are accepted', () => {
  it('any 1 to 255 characters from space to tilde; a control character or DEL is 400 in words', async () => {
    for (const k of ['k', `a b ${newId()}`, `~${newId()}~`]) {
      const first = await ingest(k);
      expect(first.statusCode, JSON.stringify(k)).toBe(201);
      expect((await ingest(k)).headers['idempotent-replayed'], JSON.stringify(k)).toBe('true');
    }
    for (const k of ['unit\x1fseparator', 'delete\x7f']) {
      const res = await ingest(k);
      expect(res.statusCode, JSON.stringify(k)).toBe(400);
      expect(res.json()).toEqual({ error: 'Idempotency-Key must be 1 to 255 printable characters', code: 'invalid_idempotency_key' });
    }
  });
});

describe('a claim left running', () => {
  it('is 409 in words while it runs, and taken over once its 5-minute lease has passed', async () => {
    const k = key();
    const post = () => t.app.inject({ method: 'POST', url: '/test/idempotency/held', headers: { 'idempotency-key': k } });
    const first = startedEarly(post());
    await expect.poll(() => keyRows(k)).toEqual([{ state: 'running', response_status: null }]);
    const waiting = await post();
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toEqual({ error: 'A request with this Idempotency-Key is still being processed', code: 'idempotency_in_progress' });

    t.clock.advance(5 * 60_000);
    const taken = await post();
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ run: 2 });
    expect(await keyRows(k)).toEqual([{ state: 'done', response_status: 200 }]);

    // The abandoned request finishing late does not overwrite the answer the key now stands for.
    release!();
    expect((await first).json()).toEqual({ run: 1 });
    const replay = await post();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual({ run: 2 });
  });
});

describe('the sweep of expired keys', () => {
  it('removes a stored answer at exactly its expiry, and not a moment before', async () => {
    const expiring = key();
    const kept = key();
    expect((await ingest(expiring)).statusCode).toBe(201);
    t.clock.advance(1);
    expect((await ingest(kept)).statusCode).toBe(201);
    // A keyed request a full day after the first runs the sweep (it runs at most once a minute).
    t.clock.advance(24 * 3600_000 - 1);
    expect((await ingest(key())).statusCode).toBe(201);
    expect(await keyRows(expiring)).toEqual([]);
    expect(await keyRows(kept)).toEqual([{ state: 'done', response_status: 201 }]);
  });
});
