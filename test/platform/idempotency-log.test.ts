import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import { createTestApp } from '../helpers/app.js';

// What Idempotency-Key logs (src/http/idempotency.ts). The app is built inside the test, not in a
// beforeAll: an app that fails to start then fails the test instead of skipping it.

const key = () => `key-${newId()}`;

describe('what is logged', () => {
  it('nothing for requests without a key; an answer that cannot be recorded still goes out, its error logged, its claim left to lapse', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const own = await createTestApp({
      smtp: false,
      logStream,
      env: { LOG_LEVEL: 'error' },
      routes: (app) =>
        app.post('/test/idempotency/unrecordable', async () => {
          // The store is gone while this request runs, so its answer cannot be recorded.
          await app.ctx.db.kysely.schema.alterTable('idempotency_keys').renameTo('idempotency_keys_away').execute();
          return { answered: true };
        }),
    });
    try {
      const plain = await own.app.inject({ method: 'POST', url: '/api/analytics/ingest', payload: { type: 'unkeyed', path: '/home' } });
      expect(plain.statusCode).toBe(201);
      expect((await own.app.inject({ method: 'GET', url: '/api/health', headers: { 'idempotency-key': key() } })).statusCode).toBe(200);
      expect(lines).toEqual([]);

      const k = key();
      const post = () => own.app.inject({ method: 'POST', url: '/test/idempotency/unrecordable', headers: { 'idempotency-key': k } });
      const res = await post();
      await own.db.kysely.schema.alterTable('idempotency_keys_away').renameTo('idempotency_keys').execute();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ answered: true });
      expect(lines).toEqual([expect.objectContaining({ msg: 'idempotency: could not record the response', err: expect.objectContaining({ message: expect.any(String) }) })]);
      const rows = await own.db.kysely.selectFrom('idempotency_keys').select(['state', 'response_status']).where('idem_key', '=', sha256(k)).execute();
      expect(rows).toEqual([{ state: 'running', response_status: null }]);
      expect((await post()).statusCode).toBe(409);
    } finally {
      await own.close();
    }
  });
});
