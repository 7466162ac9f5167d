import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { secondInstance } from '../helpers/app.js';
import { createAdminApp, makeUser, type AdminTestApp } from '../admin/helpers.js';
import { account, as, ok, rowsNaming, SEEDED_COUNTS, seedContent, type Account } from './seed.js';

// POST /api/admin/users/{userId}/purge (spec, Administration): the administrator gate, the body's
// rules, the dry run, each category alone, the audit row, the blobs, and every read afterwards.

let t: AdminTestApp;
let dataDir: string;
/** The server's error log (a blob a purge could not delete is logged there with its key). */
let errorLog = '';
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'purge-'));
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      errorLog += String(chunk);
      done();
    },
  });
  t = await createAdminApp({ smtp: false, logStream, env: { DATA_DIR: dataDir, LOG_LEVEL: 'error' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = () => ({ cookie: t.admin.cookie });
const purge = (userId: string, payload: unknown = {}, who: { cookie: string } | null = admin()) => as(t, who, 'POST', `/api/admin/users/${userId}/purge`, payload);
const NONE = { messages: 0, directMessages: 0, documents: 0, folders: 0, lists: 0, listFolders: 0 };

async function pair(): Promise<{ owner: Account; other: Account }> {
  return { owner: await account(t), other: await account(t) };
}

/** Row counts of everything the other user holds, to prove it untouched. */
async function footprint(userId: string) {
  const columns = ['messages.user_id', 'digs.user_id', 'direct_messages.sender_id', 'documents.user_id', 'lists.user_id', 'follows.follower_id', 'mutes.muter_id', 'notifications.user_id'];
  return Object.fromEntries(await Promise.all(columns.map(async (c) => [c, await rowsNaming(t, c, userId)])));
}

describe('POST /api/admin/users/{userId}/purge: who may call, and what it accepts', () => {
  it('is 401 anonymous and 403 for a user who is not an administrator, before the body is read', async () => {
    const { owner } = await pair();
    expect((await purge(owner.user.id, { categories: { nope: true } }, null)).statusCode).toBe(401);
    const plain = await makeUser(t);
    const res = await purge(owner.user.id, { categories: { nope: true } }, { cookie: plain.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin_required');
  });

  it('is 400 for the caller’s own content, 404 for an unknown user', async () => {
    const own = await purge(t.admin.id);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: 'You cannot purge your own content', code: 'self_purge' });
    const unknown = await purge(newId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'user_not_found', code: 'user_not_found' });
  });

  it('is 400 for an unknown category key, a non-boolean value or an unknown field, and writes nothing', async () => {
    const { owner } = await pair();
    for (const body of [{ categories: { posts: true } }, { categories: { messages: 'yes' } }, { categories: { lists: 1 } }, { categories: [] }, { everything: true }, { dryRun: 'true' }, { reason: 5 }]) {
      const res = await purge(owner.user.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().error).toBe('string');
      expect(res.json().code).toBe('bad_request');
    }
    expect(await rowsNaming(t, 'user_removals.user_id', owner.user.id)).toBe(0);
  });
});

describe('a dry run', () => {
  it('answers the counts a purge would remove and writes nothing', async () => {
    const { owner, other } = await pair();
    await seedContent(t, owner, other);
    const before = await footprint(owner.user.id);
    const res = await purge(owner.user.id, { dryRun: true, reason: 'looking first' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: true, counts: SEEDED_COUNTS });
    expect(await footprint(owner.user.id)).toEqual(before);
    expect(await rowsNaming(t, 'user_removals.user_id', owner.user.id)).toBe(0);
    // Opting out of a category leaves its counts at zero.
    const some = await purge(owner.user.id, { dryRun: true, categories: { messages: false, lists: false } });
    expect(some.json()).toEqual({ dryRun: true, counts: { ...SEEDED_COUNTS, messages: 0, lists: 0, listFolders: 0 } });
  });
});

describe('a purge of every category', () => {
  it('removes the authored content, keeps the account, records one audit row and deletes the blobs', async () => {
    const { owner, other } = await pair();
    const seeded = await seedContent(t, owner, other);
    const otherBefore = await footprint(other.user.id);
    const analyticsBefore = await t.db.kysely.selectFrom('analytics_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    // A sync client's cursor from before the purge.
    const cursor = (await ok(t, owner, 'GET', '/api/documents/sync', undefined, 200)).lastSyncAt;
    for (const key of seeded.blobKeys) expect(await t.app.ctx.blobs.exists(key)).toBe(true);
    const trayBefore = (await ok(t, owner, 'GET', '/api/notifications', undefined, 200)).items as { target: { messageId: string | null } }[];
    expect(trayBefore.some((n) => n.target.messageId === seeded.messages.top)).toBe(true);

    const res = await purge(owner.user.id, { reason: 'Spam account' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: false, counts: SEEDED_COUNTS });

    // The audit row: who, whom, categories, counts, reason, time.
    const audit = await t.db.kysely.selectFrom('user_removals').selectAll().where('user_id', '=', owner.user.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ kind: 'purge', admin_id: t.admin.id, reason: 'Spam account', status: 'done' });
    expect(JSON.parse(audit[0].categories)).toEqual(['messages', 'directMessages', 'documents', 'lists']);
    expect(JSON.parse(audit[0].counts)).toMatchObject(SEEDED_COUNTS);
    expect(audit[0].finished_at).not.toBeNull();

    for (const key of seeded.blobKeys) expect(await t.app.ctx.blobs.exists(key)).toBe(false);
    expect(await rowsNaming(t, 'uploads.owner_id', owner.user.id)).toBe(0);

    // The account and its status stay; it still signs in and reads.
    const me = await ok(t, owner, 'GET', '/api/user', undefined, 200);
    expect(me.user).toMatchObject({ id: owner.user.id, accountStatus: 'active' });

    // Messages: gone from single reads, feeds, search, the user's page; the reply stays, its parent gone.
    for (const id of Object.values(seeded.messages)) {
      expect((await as(t, null, 'GET', `/api/messages/${id}`)).statusCode).toBe(404);
      expect((await as(t, other, 'GET', `/api/messages/${id}`)).statusCode).toBe(404);
    }
    const reply = await ok(t, other, 'GET', `/api/messages/${seeded.others.reply}`, undefined, 200);
    expect(reply.parentId ?? reply.data?.parentId).toBe(seeded.messages.top);
    expect((await as(t, null, 'GET', `/api/messages/${seeded.messages.top}/replies`)).statusCode).toBe(404);
    const push = await ok(t, other, 'GET', `/api/messages/${seeded.others.push}`, undefined, 200);
    expect(push.pushedMessage ?? push.data?.pushedMessage ?? null).toBeNull();
    const feedIds = async (who: { cookie: string } | null, url: string) => {
      const page = await as(t, who, 'GET', url);
      expect(page.statusCode, `${url}: ${page.body}`).toBe(200);
      return (page.json().messages as { id: string }[]).map((m) => m.id);
    };
    for (const url of ['/api/messages?limit=100', `/api/messages?tag=purgetag`, '/api/messages/search?q=purge%20me', `/api/user/${owner.username}/messages`]) {
      // Read by the administrator (the other user mutes the owner) and anonymously.
      const ids = [...(await feedIds(admin(), url)), ...(url.includes('search') ? [] : await feedIds(null, url))];
      for (const id of Object.values(seeded.messages)) expect(ids, url).not.toContain(id);
    }
    expect(await feedIds(admin(), '/api/messages?limit=100')).toContain(seeded.others.reply);
    // The owner's tray keeps nothing about the purged messages; its own notifications stay.
    const tray = (await ok(t, owner, 'GET', '/api/notifications', undefined, 200)).items as { type: string; target: { messageId: string | null } }[];
    for (const n of tray) expect(Object.values(seeded.messages)).not.toContain(n.target.messageId);
    expect(tray.map((n) => n.type)).toContain('follow');

    // Direct messages sent are gone; the one received stays.
    const conversation = (await ok(t, other, 'GET', `/api/direct-messages/${owner.username}`, undefined, 200)).messages as { id: string }[];
    expect(conversation.map((m) => m.id)).toEqual([seeded.others.directMessage]);

    // Documents: gone from reads, the trash, public pages; a sync client learns of each removal.
    for (const id of Object.values(seeded.documents)) expect((await as(t, owner, 'GET', `/api/documents/${id}`)).statusCode).toBe(404);
    expect((await ok(t, owner, 'GET', '/api/documents/trash', undefined, 200)).documents).toEqual([]);
    expect((await ok(t, other, 'GET', `/api/users/${owner.username}/documents`, undefined, 200)).documents).toEqual([]);
    const pull = await ok(t, owner, 'GET', `/api/documents/sync?lastSyncAt=${encodeURIComponent(cursor)}`, undefined, 200);
    const tombstones = new Map((pull.documents as { id: string; deletedAt: string | null; content: string }[]).map((d) => [d.id, d]));
    for (const id of [seeded.documents.inFolder, seeded.documents.loose, seeded.documents.trashed]) {
      expect(tombstones.get(id)?.deletedAt, id).toEqual(expect.any(String));
      expect(tombstones.get(id)?.content).toBe('');
    }
    expect((pull.folders as { id: string; deletedAt: string | null }[]).find((f) => f.id === seeded.folder)?.deletedAt).toEqual(expect.any(String));
    expect((await ok(t, owner, 'GET', '/api/documents/search?q=secret', undefined, 200)).documents).toEqual([]);

    // Lists and list folders: gone from reads and public pages.
    expect((await as(t, owner, 'GET', `/api/lists/${seeded.list}`)).statusCode).toBe(404);
    expect((await as(t, null, 'GET', `/api/users/${owner.username}/lists/${seeded.list}/data`)).statusCode).toBe(404);
    expect((await ok(t, owner, 'GET', '/api/folders', undefined, 200)).folders).toEqual([]);

    // The other user and analytics are untouched.
    // (Its dig of the purged message went with the message.)
    expect(await footprint(other.user.id)).toEqual({ ...otherBefore, 'digs.user_id': otherBefore['digs.user_id'] - 1 });
    expect((await ok(t, other, 'GET', `/api/lists/${seeded.others.list}/data`, undefined, 200)).data).toHaveLength(1);
    const analyticsAfter = await t.db.kysely.selectFrom('analytics_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(analyticsAfter.n)).toBe(Number(analyticsBefore.n));

    // A second purge finds nothing left.
    expect((await purge(owner.user.id)).json()).toEqual({ dryRun: false, counts: NONE });
  });
});

describe('a blob that cannot be deleted', () => {
  it('does not stop the purge: the rows go, the other blobs go, and the error names its key', async () => {
    const { owner, other } = await pair();
    const seeded = await seedContent(t, owner, other);
    const [stuck, ...rest] = seeded.blobKeys;
    // A directory where the blob's file was: the disk store's delete of it fails (EISDIR).
    const path = join(dataDir, 'blobs', ...stuck.split('/'));
    rmSync(path);
    mkdirSync(path);

    const res = await purge(owner.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ dryRun: false, counts: SEEDED_COUNTS });
    expect(await rowsNaming(t, 'uploads.owner_id', owner.user.id)).toBe(0);
    for (const key of rest) expect(await t.app.ctx.blobs.exists(key)).toBe(false);
    const logged = errorLog
      .split('\n')
      .filter((line) => line.includes(stuck))
      .map((line) => JSON.parse(line) as { msg: string; key: string });
    expect(logged).toEqual([expect.objectContaining({ msg: 'could not delete a blob of a removed item', key: stuck })]);
  });
});

describe('caches on every instance', () => {
  it('a second instance’s warm feed, search, list and document search caches are exact after the purge', async () => {
    const { owner, other } = await pair();
    const seeded = await seedContent(t, owner, other);
    const second = await secondInstance(t);
    try {
      const read = async (url: string) => {
        // The administrator reads: the other user mutes the owner in the seed.
        const res = await second.inject({ method: 'GET', url, headers: { cookie: t.admin.cookie } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json();
      };
      const ownerRead = async (url: string) => {
        const res = await second.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
        return res;
      };
      const ids = async (url: string) => ((await read(url)).messages as { id: string }[]).map((m) => m.id);
      // Warm the second instance's caches.
      expect(await ids('/api/messages?limit=100')).toContain(seeded.messages.top);
      expect(await ids('/api/messages/search?q=purge%20me')).toContain(seeded.messages.top);
      expect((await read(`/api/users/${owner.username}/lists/${seeded.list}/data`)).data).toHaveLength(3);
      expect((await (await ownerRead('/api/documents/search?q=secret')).json()).documents).toHaveLength(1);

      expect((await purge(owner.user.id)).statusCode).toBe(200);

      expect(await ids('/api/messages?limit=100')).not.toContain(seeded.messages.top);
      expect(await ids('/api/messages/search?q=purge%20me')).not.toContain(seeded.messages.top);
      expect((await second.inject({ method: 'GET', url: `/api/users/${owner.username}/lists/${seeded.list}/data` })).statusCode).toBe(404);
      expect((await (await ownerRead('/api/documents/search?q=secret')).json()).documents).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('each category alone', () => {
  const cases = [
    { only: 'messages', counts: { ...NONE, messages: 3 } },
    { only: 'directMessages', counts: { ...NONE, directMessages: 1 } },
    { only: 'documents', counts: { ...NONE, documents: 3, folders: 1 } },
    { only: 'lists', counts: { ...NONE, lists: 1, listFolders: 1 } },
  ] as const;
  for (const { only, counts } of cases) {
    it(`removes only ${only}`, async () => {
      const { owner, other } = await pair();
      const seeded = await seedContent(t, owner, other);
      const categories = Object.fromEntries(['messages', 'directMessages', 'documents', 'lists'].map((c) => [c, c === only]));
      const res = await purge(owner.user.id, { categories });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ dryRun: false, counts });
      const left = (await purge(owner.user.id, { dryRun: true })).json().counts;
      expect(left).toEqual(Object.fromEntries(Object.entries(SEEDED_COUNTS).map(([k, v]) => [k, (counts as Record<string, number>)[k] > 0 ? 0 : v])));
      // What the category holds is unreadable; the rest still reads.
      const status = async (url: string) => (await as(t, owner, 'GET', url)).statusCode;
      expect(await status(`/api/messages/${seeded.messages.top}`)).toBe(only === 'messages' ? 404 : 200);
      expect(await status(`/api/documents/${seeded.documents.loose}`)).toBe(only === 'documents' ? 404 : 200);
      expect(await status(`/api/lists/${seeded.list}`)).toBe(only === 'lists' ? 404 : 200);
      const sent = (await ok(t, owner, 'GET', `/api/direct-messages/${other.username}`, undefined, 200)).messages as { id: string }[];
      expect(sent.some((m) => m.id === seeded.directMessage)).toBe(only !== 'directMessages');
    });
  }
});
