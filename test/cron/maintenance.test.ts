import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setUserFields, type TestApp } from '../helpers/app.js';
import { signedInUser, type SignedIn } from '../users/fixtures.js';
import { createDoc } from '../documents/helpers.js';
import { smallPng } from '../media/images.js';
import { multipart, tempDir } from '../media/support.js';

// The housekeeping job through its cron endpoint and the scheduler: the documents trash after 30
// days (with the document's image blobs) and uploads never attached after 24 hours.

const SECRET = 'cron-secret-for-tests-0123456789';
const DAY = 24 * 3600_000;

let t: TestApp;
let dir: Awaited<ReturnType<typeof tempDir>>;
beforeAll(async () => {
  dir = await tempDir();
  t = await createTestApp({ smtp: false, env: { DATA_DIR: dir.path, CRON_SECRET: SECRET } });
});
afterAll(async () => {
  await t.close();
  await dir.remove();
});

async function subscriber(): Promise<SignedIn> {
  const u = await signedInUser(t);
  await setUserFields(t.db, u.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true });
  return u;
}

async function upload(who: SignedIn, url: string): Promise<string> {
  const body = multipart({ bytes: await smallPng() });
  const res = await t.app.inject({ method: 'POST', url, headers: { ...body.headers, authorization: who.bearer }, payload: body.payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().url;
}

const served = async (url: string) => (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;
const purge = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/api/cron/purge-expired', headers: authorization ? { authorization } : {} });

describe('GET /api/cron/purge-expired', () => {
  it('needs the cron secret: 401 without it or with another value, and removes nothing', async () => {
    const me = await subscriber();
    const loose = await upload(me, '/api/messages/images/upload');
    t.clock.advance(2 * DAY);
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${SECRET}x`, me.bearer]) {
      const res = await purge(auth);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBeTypeOf('string');
    }
    expect(await served(loose)).toBe(200);
  });

  it('removes trashed documents after 30 days with their images, and uploads never attached after 24 hours', async () => {
    const me = await subscriber();
    const doc = await createDoc(t, me, { title: 'Pictures' });
    const image = await upload(me, `/api/documents/${doc.id}/images/upload`);
    const kept = await createDoc(t, me, { title: 'Kept' });
    const keptImage = await upload(me, `/api/documents/${kept.id}/images/upload`);
    const loose = await upload(me, '/api/messages/images/upload');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: { authorization: me.bearer } })).statusCode).toBe(200);

    // A day and a bit: the loose upload goes, the trashed document and its image stay restorable.
    t.clock.advance(DAY + 60_000);
    let res = await purge(`Bearer ${SECRET}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ documents: 0, documentImages: 0 });
    expect(res.json().unattachedUploads).toBeGreaterThanOrEqual(1);
    expect(await served(loose)).toBe(404);
    expect(await served(image)).toBe(200);

    // Past 30 days in the trash: the document and its image go; the live document's image stays.
    t.clock.advance(30 * DAY);
    res = await purge(`Bearer ${SECRET}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: expect.any(String), documents: 1, documentImages: 1 });
    expect(await served(image)).toBe(404);
    expect(await served(keptImage)).toBe(200);
    const trash = await t.app.inject({ method: 'GET', url: '/api/documents/trash', headers: { authorization: me.bearer } });
    expect(trash.json().documents.map((d: { id: string }) => d.id)).not.toContain(doc.id);

    // A second run finds nothing left to do.
    expect((await purge(`Bearer ${SECRET}`)).json()).toMatchObject({ documents: 0, folders: 0, documentImages: 0 });
  });

  it('removes list rows for good once their 30 days in the trash are over, with their cell values', async () => {
    const me = await subscriber();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/lists',
      headers: { authorization: me.bearer },
      payload: { title: 'Books', schema: { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title', unique: true }] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listId = created.json().data.id;
    const add = async (title: string) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/lists/${listId}/data`, headers: { authorization: me.bearer }, payload: { data: { title } } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const old = await add('Dune');
    const recent = await add('Emma');
    const kept = await add('Kept');
    for (const id of [old, recent]) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/lists/${listId}/data/${id}`, headers: { authorization: me.bearer } })).statusCode).toBe(200);
    }
    // Move the older deletion back 31 days (the test sessions would not survive moving the clock).
    const longAgo = new Date(t.clock.now().getTime() - 31 * DAY).toISOString();
    await t.db.kysely.updateTable('list_rows').set({ deleted_at: longAgo }).where('id', '=', old).execute();

    const res = await purge(`Bearer ${SECRET}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().listRows).toBe(1);
    const left = await t.db.kysely.selectFrom('list_rows').select('id').where('list_id', '=', listId).execute();
    expect(left.map((r) => r.id).sort()).toEqual([recent, kept].sort());
    expect(await t.db.kysely.selectFrom('list_unique_values').select('row_id').where('row_id', '=', old).execute()).toEqual([]);
    const trash = await t.app.inject({ method: 'GET', url: `/api/lists/${listId}/trash`, headers: { authorization: me.bearer } });
    expect(trash.json().data.map((r: { id: string }) => r.id)).toEqual([recent]);
    expect((await purge(`Bearer ${SECRET}`)).json().listRows).toBe(0);
  });

  it('the scheduler runs the same job', async () => {
    const me = await subscriber();
    const loose = await upload(me, '/api/messages/images/upload');
    t.clock.advance(2 * DAY);
    const scheduler = t.app.ctx.runtime.periodic;
    scheduler.start({ intervalMs: 3600_000 });
    try {
      await scheduler.runOnce();
    } finally {
      await scheduler.stop();
    }
    expect(await served(loose)).toBe(404);
  });
});
