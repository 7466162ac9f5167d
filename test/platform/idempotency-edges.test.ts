import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, queriesDuring, setUserFields, uniqueName, type TestApp } from '../helpers/app.js';
import { smallPng } from '../media/images.js';
import { multipart, tempDir } from '../media/support.js';
import { signedInUser } from '../users/fixtures.js';

// Idempotency-Key at its edges (src/http/idempotency.ts): exactly what a replay sends, what is
// never stored (429, streams, replies that end without onSend), the running claim's lease and the
// stored row's expiry at their bounds, and binary bodies both ways. No real route answers 204,
// streams a write's answer, hijacks its reply or takes raw bytes, so a few fixture routes here do.

let t: TestApp;
/** How often each fixture route's handler ran. */
const runs: Record<string, number> = {};
const ran = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);

function fixtures(app: FastifyInstance): void {
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post<{ Params: { status: string } }>('/test/idempotency/empty/:status', async (request, reply) => {
    ran('empty');
    return reply.code(Number(request.params.status)).send();
  });
  app.post('/test/idempotency/stream', async (_request, reply) => {
    ran('stream');
    return reply.type('text/plain').send(Readable.from(['streamed ', 'answer']));
  });
  app.post('/test/idempotency/hijacked', async (_request, reply) => {
    ran('hijacked');
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.end('raw answer');
  });
  app.post('/test/idempotency/bytes', async (request, reply) => {
    ran('bytes');
    const body = request.body as Buffer;
    return reply.code(201).header('location', `/test/idempotency/bytes/${runs.bytes}`).type('application/octet-stream').send(Buffer.from([...body].reverse()));
  });
  app.post('/test/idempotency/json', async (request) => {
    ran('json');
    return { run: runs.json, got: request.body };
  });
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/test/idempotency/any',
    handler: async (request, reply) => {
      ran('any');
      return reply.header('set-cookie', ['first=1; Path=/', 'second=2; Path=/']).send({ method: request.method, run: runs.any });
    },
  });
}

let blobs: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  blobs = await tempDir();
  t = await createTestApp({ smtp: false, routes: fixtures, env: { DATA_DIR: blobs.path } });
});
afterAll(async () => {
  await t.close();
  await blobs.remove();
});

const key = () => `key-${newId()}`;
const keyRows = (k: string) => t.db.kysely.selectFrom('idempotency_keys').select(['state', 'response_status']).where('idem_key', '=', sha256(k)).execute();

function ingest(k: string, type = 'edge') {
  return t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { 'idempotency-key': k }, payload: { type, path: '/home' } });
}

describe('what a replay sends', () => {
  it('exactly the stored headers: the content type, no Location or Set-Cookie the first answer did not have', async () => {
    const k = key();
    const first = await ingest(k);
    expect(first.statusCode).toBe(201);
    const replay = await ingest(k);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toBe(first.headers['content-type']);
    expect(replay.headers['content-type']).toMatch(/^application\/json/);
    expect(replay.headers).not.toHaveProperty('location');
    expect(replay.headers).not.toHaveProperty('set-cookie');
    expect(replay.body).toBe(first.body);
  });

  it.each([204, 200])('an answer without a body (%i) is replayed with its status, no body and no content type', async (status) => {
    const k = key();
    const before = runs.empty ?? 0;
    const post = () => t.app.inject({ method: 'POST', url: `/test/idempotency/empty/${status}`, headers: { 'idempotency-key': k } });
    const first = await post();
    expect(first.statusCode).toBe(status);
    expect(first.headers).not.toHaveProperty('content-type');
    expect(await keyRows(k)).toEqual([{ state: 'done', response_status: status }]);
    const replay = await post();
    expect(replay.statusCode).toBe(status);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe('');
    expect(replay.headers).not.toHaveProperty('content-type');
    expect(runs.empty).toBe(before + 1);
  });

  it('binary bodies: the request is fingerprinted by its bytes, the answer replayed byte for byte with its Location', async () => {
    const k = key();
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x41]);
    const post = (body: Buffer) =>
      t.app.inject({ method: 'POST', url: '/test/idempotency/bytes', headers: { 'idempotency-key': k, 'content-type': 'application/octet-stream' }, payload: body });
    const first = await post(bytes);
    expect(first.statusCode).toBe(201);
    expect(first.rawPayload).toEqual(Buffer.from([0x41, 0x80, 0x00, 0xfe, 0xff]));
    const replay = await post(bytes);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.rawPayload).toEqual(first.rawPayload);
    expect(replay.headers['content-type']).toBe('application/octet-stream');
    expect(replay.headers.location).toBe(first.headers.location);
    expect(runs.bytes).toBe(1);
    // Other bytes under the same key are another request.
    const other = await post(Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x42]));
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_mismatch');
    expect(runs.bytes).toBe(1);
  });

  it('objects nested in arrays are compared whatever their key order', async () => {
    const k = key();
    const post = (payload: string) => t.app.inject({ method: 'POST', url: '/test/idempotency/json', headers: { 'idempotency-key': k, 'content-type': 'application/json' }, payload });
    const first = await post('{"items":[{"a":1,"b":{"c":null,"d":[2]}}],"z":true}');
    expect(first.statusCode).toBe(200);
    const same = await post('{"z":true,"items":[{"b":{"d":[2],"c":null},"a":1}]}');
    expect(same.headers['idempotent-replayed']).toBe('true');
    expect(same.body).toBe(first.body);
    // Array order, numbers, and arrays against objects with index keys are all part of the request.
    for (const other of [
      '{"items":[3,{"a":1,"b":{"c":null,"d":[2]}}],"z":true}',
      '{"items":[{"a":2,"b":{"c":null,"d":[2]}}],"z":true}',
      '{"items":{"0":{"a":1,"b":{"c":null,"d":[2]}}},"z":true}',
      'null',
    ]) {
      const res = await post(other);
      expect(res.statusCode, other).toBe(422);
      expect(res.json().code).toBe('idempotency_mismatch');
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s is replayed, with every Set-Cookie header as it was', async (method) => {
    const k = key();
    const send = () => t.app.inject({ method, url: '/test/idempotency/any', headers: { 'idempotency-key': k } });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect(replay.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2; Path=/']);
  });

  it('a claim stores at most 2,048 characters of the path, without the query', async () => {
    const k = key();
    const path = `/test/idempotency/missing/${'p'.repeat(2100)}`;
    const res = await t.app.inject({ method: 'POST', url: `${path}?q=1`, headers: { 'idempotency-key': k } });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.kysely.selectFrom('idempotency_keys').select(['path', 'response_status']).where('idem_key', '=', sha256(k)).execute();
    expect(row).toEqual({ path: path.slice(0, 2048), response_status: 404 });
  });

  it('GET and other reads ignore the key', async () => {
    const k = key();
    const send = () => t.app.inject({ method: 'GET', url: '/test/idempotency/any', headers: { 'idempotency-key': k } });
    expect(JSON.parse((await send()).body).run).not.toBe(JSON.parse((await send()).body).run);
  });
});

describe('a multipart upload', () => {
  it('is fingerprinted by its file: the same image is replayed, another image under the same key is a mismatch', async () => {
    const me = await signedInUser(t);
    await setUserFields(t.db, me.user.id, { account_status: 'active', customer_status: 'subscriber' });
    const k = key();
    const upload = (bytes: Buffer) => {
      const body = multipart({ bytes, filename: 'photo.png', contentType: 'image/png' });
      return t.app.inject({ method: 'POST', url: '/api/messages/images/upload', headers: { ...body.headers, cookie: me.cookie, 'idempotency-key': k }, payload: body.payload });
    };
    const stored = () => t.db.kysely.selectFrom('uploads').select('id').where('owner_id', '=', me.user.id).execute();
    const first = await upload(await smallPng(64, 48));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ width: 64, height: 48 });
    // The same file again (a new multipart boundary, so other raw bytes): the first answer.
    const again = await upload(await smallPng(64, 48));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    // Another image under the same key is another request: refused, nothing stored.
    const other = await upload(await smallPng(32, 24));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'This Idempotency-Key was already used for a different request', code: 'idempotency_mismatch' });
    expect(await stored()).toHaveLength(1);
    // An upload the route refuses (no file part) is a request of its own too, and changes nothing.
    const empty = multipart(null);
    const refused = await t.app.inject({ method: 'POST', url: '/api/messages/images/upload', headers: { ...empty.headers, cookie: me.cookie, 'idempotency-key': k }, payload: empty.payload });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('idempotency_mismatch');
    const fresh = await t.app.inject({ method: 'POST', url: '/api/messages/images/upload', headers: { ...empty.headers, cookie: me.cookie, 'idempotency-key': key() }, payload: empty.payload });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().code).toBe('file_required');
    expect(await stored()).toHaveLength(1);
  });
});

describe('answers that are never stored', () => {
  it('a 429 releases the key: after the limit lifts, the same key runs the request', async () => {
    const email = `${uniqueName('limited')}@example.com`;
    const forgot = (k?: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers: k === undefined ? {} : { 'idempotency-key': k } });
    for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
    const k = key();
    const limited = await forgot(k);
    expect(limited.statusCode).toBe(429);
    expect(await keyRows(k)).toEqual([]);
    t.clock.advance(3600_000);
    const retry = await forgot(k);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await forgot(k)).headers['idempotent-replayed']).toBe('true');
  });

  it('a streamed answer is sent but not stored, and the key is released', async () => {
    const k = key();
    const post = () => t.app.inject({ method: 'POST', url: '/test/idempotency/stream', headers: { 'idempotency-key': k } });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('streamed answer');
    expect(await keyRows(k)).toEqual([]);
    const second = await post();
    expect(second.body).toBe('streamed answer');
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.stream).toBe(2);
  });

  it('a request that ends without onSend (a hijacked reply, an aborted one) releases its key', async () => {
    const k = key();
    const post = () => t.app.inject({ method: 'POST', url: '/test/idempotency/hijacked', headers: { 'idempotency-key': k } });
    expect((await post()).body).toBe('raw answer');
    await expect.poll(() => keyRows(k)).toEqual([]);
    const second = await post();
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(runs.hijacked).toBe(2);
  });
});

describe('a key fought over', () => {
  it('a claim released and taken again between each of three attempts ends in 409; taken twice, the third attempt wins', async () => {
    const interfere = async (rounds: number) => {
      const k = key();
      const hash = sha256(k);
      const foreign = () =>
        t.db.kysely
          .insertInto('idempotency_keys')
          .values({
            id: newId(),
            caller: 'ip:127.0.0.1',
            idem_key: hash,
            method: 'POST',
            path: '/test/idempotency/json',
            request_hash: sha256('another request'),
            state: 'running',
            response_status: null,
            response_body: null,
            response_content_type: null,
            created_at: t.clock.now().toISOString(),
            expires_at: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
          })
          .execute();
      // Each time this request tries to insert its claim, another request has just claimed the
      // key; each time it then looks for that claim, the other request has just released it.
      const executor = t.db.kysely.getExecutor() as unknown as { executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
      const original = executor.executeQuery;
      let left = rounds;
      const meddling = async (query: { sql: string }, ...rest: unknown[]) => {
        if (left > 0 && /^insert into "idempotency_keys"/.test(query.sql)) {
          executor.executeQuery = original;
          await foreign();
          executor.executeQuery = meddling;
        } else if (left > 0 && /^select \* from "idempotency_keys"/.test(query.sql)) {
          left -= 1;
          executor.executeQuery = original;
          await t.db.kysely.deleteFrom('idempotency_keys').where('idem_key', '=', hash).execute();
          executor.executeQuery = meddling;
        }
        return original.call(executor, query, ...rest);
      };
      executor.executeQuery = meddling;
      try {
        return await t.app.inject({ method: 'POST', url: '/test/idempotency/json', headers: { 'idempotency-key': k }, payload: { fought: rounds } });
      } finally {
        executor.executeQuery = original;
      }
    };
    const lost = await interfere(3);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().code).toBe('idempotency_in_progress');
    const won = await interfere(2);
    expect(won.statusCode, won.body).toBe(200);
  });
});

describe('lease and expiry at their bounds', () => {
  async function runningClaim(userId: string, k: string): Promise<void> {
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('idempotency_keys')
      .values({
        id: newId(),
        caller: `user:${userId}`,
        idem_key: sha256(k),
        method: 'PATCH',
        path: '/api/user',
        request_hash: sha256('in flight'),
        state: 'running',
        response_status: null,
        response_body: null,
        response_content_type: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      })
      .execute();
  }

  it('a running claim is 409 until its 5-minute lease has passed, and is taken over at that moment', async () => {
    const me = await signedInUser(t);
    const k = key();
    await runningClaim(me.user.id, k);
    const patch = () => t.app.inject({ method: 'PATCH', url: '/api/user', headers: { cookie: me.cookie, 'idempotency-key': k }, payload: { bio: 'taken over' } });
    t.clock.advance(5 * 60_000 - 1);
    const early = await patch();
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('idempotency_in_progress');
    t.clock.advance(1);
    const taken = await patch();
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().user.bio).toBe('taken over');
    expect(await keyRows(k)).toEqual([{ state: 'done', response_status: 200 }]);
  });

  it('a stored answer is replayed until the moment it expires, even between sweeps', async () => {
    const k = key();
    const type = uniqueName('expiry');
    expect((await ingest(k, type)).statusCode).toBe(201);
    // Another keyed request just before the expiry runs the minute's sweep, so at the expiry
    // itself no sweep has removed the row: the claim must see that it expired.
    t.clock.advance(24 * 3600_000 - 30_000);
    await ingest(key());
    t.clock.advance(29_999);
    expect((await ingest(k, type)).headers['idempotent-replayed']).toBe('true');
    t.clock.advance(1);
    const fresh = await ingest(k, type);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
  });

  it('expired keys are swept at most once a minute', async () => {
    const sweeps = async () => (await queriesDuring(t.db, () => ingest(key()))).filter((q) => /^delete from "idempotency_keys" where "expires_at"/.test(q)).length;
    t.clock.advance(61_000);
    expect(await sweeps()).toBe(1);
    expect(await sweeps()).toBe(0);
    t.clock.advance(59_999);
    expect(await sweeps()).toBe(0);
    t.clock.advance(1);
    expect(await sweeps()).toBe(1);
  });
});
