import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, uniqueName, type TestApp } from '../helpers/app.js';
import { signedInUser, userRow } from '../users/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const HOUR = 3600_000;
const key = () => `key-${newId()}`;

async function eventCount(type: string): Promise<number> {
  const row = await t.db.kysely.selectFrom('analytics_events').select((eb) => eb.fn.countAll().as('n')).where('type', '=', type).executeTakeFirstOrThrow();
  return Number(row.n);
}

function ingest(type: string, idempotencyKey?: string, extra: Record<string, unknown> = {}, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/analytics/ingest',
    headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
    payload: { type, path: '/home', ...extra },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function patchUser(cookie: string, idempotencyKey: string | undefined, payload: unknown) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/user',
    headers: { cookie, 'content-type': 'application/json', ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }) },
    payload: JSON.stringify(payload),
  });
}

describe('Idempotency-Key on a public write (POST /api/analytics/ingest)', () => {
  it('a repeat replays the first response and the event is recorded once', async () => {
    const type = uniqueName('replay');
    const k = key();
    const first = await ingest(type, k);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await ingest(type, k);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await eventCount(type)).toBe(1);

    // Without a key every request runs.
    await ingest(type);
    await ingest(type);
    expect(await eventCount(type)).toBe(3);
  });

  it('the same key with another body is 422 idempotency_mismatch and runs nothing', async () => {
    const type = uniqueName('mismatch');
    const k = key();
    expect((await ingest(type, k)).statusCode).toBe(201);
    const other = await ingest(type, k, { path: '/elsewhere' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: expect.any(String), code: 'idempotency_mismatch' });
    expect(await eventCount(type)).toBe(1);
  });

  it('the same body with keys in another order is the same request', async () => {
    const type = uniqueName('order');
    const k = key();
    const a = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { 'idempotency-key': k, 'content-type': 'application/json' }, payload: `{"type":"${type}","path":"/p","referrer":null}` });
    const b = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { 'idempotency-key': k, 'content-type': 'application/json' }, payload: `{"referrer":null,"path":"/p","type":"${type}"}` });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await eventCount(type)).toBe(1);
  });

  it('a request that fails validation is not stored: the key still runs a valid request', async () => {
    const type = uniqueName('invalid');
    const k = key();
    const bad = await ingest(type, k, { unknown: 1 });
    expect(bad.statusCode).toBe(400);
    const good = await ingest(type, k);
    expect(good.statusCode).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
    // The valid request is the one the key now stands for.
    expect((await ingest(type, k)).headers['idempotent-replayed']).toBe('true');
    expect(await eventCount(type)).toBe(1);
  });

  it('different callers (addresses) with the same key are independent', async () => {
    const type = uniqueName('callers');
    const k = key();
    expect((await ingest(type, k, {}, '10.0.0.1')).statusCode).toBe(201);
    const other = await ingest(type, k, {}, '10.0.0.2');
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount(type)).toBe(2);
    const rows = await t.db.kysely.selectFrom('idempotency_keys').select(['caller']).where('idem_key', '=', sha256(k)).orderBy('caller').execute();
    expect(rows).toEqual([{ caller: 'ip:10.0.0.1' }, { caller: 'ip:10.0.0.2' }]);
  });

  it('a key is kept 24 hours; after that it runs anew', async () => {
    const type = uniqueName('expiry');
    const k = key();
    await ingest(type, k);
    t.clock.advance(24 * HOUR - 60_000);
    expect((await ingest(type, k)).headers['idempotent-replayed']).toBe('true');
    expect(await eventCount(type)).toBe(1);
    t.clock.advance(60_000);
    const fresh = await ingest(type, k);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventCount(type)).toBe(2);
    expect((await ingest(type, k)).headers['idempotent-replayed']).toBe('true');
    expect(await eventCount(type)).toBe(2);
  });

  it('rejects an empty key, a key over 255 characters and non-printable keys with 400 invalid_idempotency_key', async () => {
    const type = uniqueName('badkey');
    for (const bad of ['', 'k'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const res = await ingest(type, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'invalid_idempotency_key' });
    }
    expect(await eventCount(type)).toBe(0);
    const longest = await ingest(type, 'k'.repeat(255));
    expect(longest.statusCode).toBe(201);
    expect(await eventCount(type)).toBe(1);
  });

  it('a server error releases the key so the client may retry', async () => {
    const type = uniqueName('fail');
    const k = key();
    await t.db.kysely.schema.alterTable('analytics_events').renameTo('analytics_events_away').execute();
    let failed;
    try {
      failed = await ingest(type, k);
    } finally {
      await t.db.kysely.schema.alterTable('analytics_events_away').renameTo('analytics_events').execute();
    }
    expect(failed.statusCode).toBe(500);
    expect(await t.db.kysely.selectFrom('idempotency_keys').selectAll().where('idem_key', '=', sha256(k)).execute()).toEqual([]);
    const retry = await ingest(type, k);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await ingest(type, k)).headers['idempotent-replayed']).toBe('true');
    expect(await eventCount(type)).toBe(1);
  });

  it('GET requests ignore the header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'idempotency-key': 'k'.repeat(300) } });
    expect(res.statusCode).toBe(200);
  });
});

describe('Idempotency-Key on an authenticated write (PATCH /api/user)', () => {
  it('a repeat replays the first response without running the update again', async () => {
    const me = await signedInUser(t);
    const k = key();
    const first = await patchUser(me.cookie, k, { bio: 'first' });
    expect(first.statusCode).toBe(200);
    const stamped = (await userRow(t, me.user.id)).updated_at;

    t.clock.advance(60_000);
    const replay = await patchUser(me.cookie, k, { bio: 'first' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect((await userRow(t, me.user.id)).updated_at).toBe(stamped);

    // Even after the state moved on, the key answers with the stored first response.
    expect((await patchUser(me.cookie, undefined, { bio: 'second' })).statusCode).toBe(200);
    const later = await patchUser(me.cookie, k, { bio: 'first' });
    expect(later.json().user.bio).toBe('first');
    expect((await userRow(t, me.user.id)).bio).toBe('second');
  });

  it('the caller is the user, whichever credential is used', async () => {
    const me = await signedInUser(t);
    const k = key();
    await patchUser(me.cookie, k, { theme: 'dark' });
    const viaBearer = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { authorization: me.bearer, 'idempotency-key': k },
      payload: { theme: 'dark' },
    });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.headers['idempotent-replayed']).toBe('true');
  });

  it('another user with the same key runs their own request', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const k = key();
    expect((await patchUser(a.cookie, k, { bio: 'shared' })).statusCode).toBe(200);
    const res = await patchUser(b.cookie, k, { bio: 'shared' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.json().user.id).toBe(b.user.id);
    expect((await userRow(t, b.user.id)).bio).toBe('shared');
    const again = await patchUser(b.cookie, k, { bio: 'shared' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().user.id).toBe(b.user.id);
  });

  it('the same key on another route is a mismatch', async () => {
    const me = await signedInUser(t);
    const k = key();
    await patchUser(me.cookie, k, { bio: 'x' });
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/ingest', headers: { cookie: me.cookie, 'idempotency-key': k }, payload: { type: 'x', path: '/' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('idempotency_mismatch');
  });

  it('a validation failure is not stored', async () => {
    const me = await signedInUser(t);
    const k = key();
    expect((await patchUser(me.cookie, k, { maxMessageLength: 'many' })).statusCode).toBe(400);
    expect((await patchUser(me.cookie, k, {})).statusCode).toBe(400);
    const ok = await patchUser(me.cookie, k, { maxMessageLength: 300 });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
    expect((await userRow(t, me.user.id)).max_message_length).toBe(300);
    expect((await patchUser(me.cookie, k, { maxMessageLength: 300 })).headers['idempotent-replayed']).toBe('true');
  });

  it('while the first request still runs, a repeat gets 409 idempotency_in_progress', async () => {
    const me = await signedInUser(t);
    const k = key();
    const now = t.clock.now();
    await t.db.kysely
      .insertInto('idempotency_keys')
      .values({
        id: newId(),
        caller: `user:${me.user.id}`,
        idem_key: sha256(k),
        method: 'PATCH',
        path: '/api/user',
        request_hash: sha256('in flight'),
        state: 'running',
        response_status: null,
        response_body: null,
        response_content_type: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 24 * HOUR).toISOString(),
      })
      .execute();
    const res = await patchUser(me.cookie, k, { bio: 'wait' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'idempotency_in_progress' });
    expect(await userRow(t, me.user.id)).toEqual(me.user);
    // The running row is untouched.
    const rows = await t.db.kysely.selectFrom('idempotency_keys').select(['state', 'request_hash']).where('idem_key', '=', sha256(k)).execute();
    expect(rows).toEqual([{ state: 'running', request_hash: sha256('in flight') }]);

    // A claim abandoned for longer than its lease (a crashed process) is taken over.
    t.clock.advance(10 * 60_000);
    const taken = await patchUser(me.cookie, k, { bio: 'wait' });
    expect(taken.statusCode).toBe(200);
    expect((await userRow(t, me.user.id)).bio).toBe('wait');
  });

  it('the database holds no plaintext of the key or the response', async () => {
    const me = await signedInUser(t);
    const k = key();
    const marker = uniqueName('Secret');
    const res = await patchUser(me.cookie, k, { displayName: marker });
    expect(res.statusCode).toBe(200);
    const row = await t.db.kysely.selectFrom('idempotency_keys').selectAll().where('caller', '=', `user:${me.user.id}`).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ idem_key: sha256(k), state: 'done', response_status: 200, method: 'PATCH', path: '/api/user' });
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(marker);
    expect(raw).not.toContain(me.user.username);
    expect(raw).not.toContain(me.user.email);
    expect(raw).not.toContain(k);
    // iv (12) | tag (16) | ciphertext, base64; the ciphertext itself does not decode to the body.
    const sealed = Buffer.from(row.response_body!, 'base64');
    expect(sealed.length).toBeGreaterThan(28);
    expect(sealed.toString('latin1')).not.toContain(marker);

    // A different key cannot make the server replay it.
    const guess = await patchUser(me.cookie, `${k}x`, { displayName: marker });
    expect(guess.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key on a response that carries secrets (POST /api/auth/register)', () => {
  it('replays body and Set-Cookie to the key holder, creates one account, and stores nothing readable', async () => {
    const username = uniqueName('reg');
    const payload = { email: `${username}@example.com`, username, password: 'correct horse battery', displayName: 'Reg' };
    const k = key();
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'idempotency-key': k }, payload });
    expect(first.statusCode).toBe(201);
    const cookie = first.headers['set-cookie'];
    expect(String(cookie)).toMatch(/^service-session=[0-9a-f]{64}/);

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'idempotency-key': k }, payload });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.headers['set-cookie']).toEqual(cookie);
    const users = await t.db.kysely.selectFrom('users').select('id').where('username', '=', username).execute();
    expect(users).toHaveLength(1);

    const row = await t.db.kysely.selectFrom('idempotency_keys').selectAll().where('idem_key', '=', sha256(k)).executeTakeFirstOrThrow();
    const raw = JSON.stringify(row);
    const sessionToken = /service-session=([0-9a-f]{64})/.exec(String(cookie))![1];
    for (const secret of [username, payload.email, sessionToken, k]) expect(raw).not.toContain(secret);
  });
});
