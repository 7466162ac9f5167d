import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserFields, type TestApp } from '../helpers/app.js';
import { signedInUser, type SignedIn } from '../users/fixtures.js';
import { createDoc } from '../documents/helpers.js';
import { claimUploads, purgeUnattachedUploads, releaseOwnerUploads, releaseUploads, UNATTACHED_TTL_MS } from '../../src/features/media/service.js';
import { smallPng, videoBytes } from './images.js';
import { multipart, startBlobApp } from './support.js';

// The service other features call (claimUploads inside their transaction, releaseUploads after a
// delete, the purge job) and the document image upload.

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => ({ t, close } = await startBlobApp()));
afterAll(() => close());

async function user(fields: Record<string, unknown> = {}): Promise<SignedIn> {
  const u = await signedInUser(t);
  await setUserFields(t.db, u.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true, ...fields });
  return u;
}

async function uploadImage(who: SignedIn): Promise<string> {
  const body = multipart({ bytes: await smallPng() });
  const res = await t.app.inject({ method: 'POST', url: '/api/messages/images/upload', headers: { ...body.headers, cookie: who.cookie }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

async function uploadVideo(who: SignedIn): Promise<string> {
  const body = multipart({ bytes: videoBytes('mp4') });
  const res = await t.app.inject({ method: 'POST', url: '/api/messages/videos/upload', headers: { ...body.headers, cookie: who.cookie }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

const idOf = (url: string) => (url.split('/').pop() as string).split('.')[0];
const rowOf = (url: string) => t.db.kysely.selectFrom('uploads').selectAll().where('id', '=', idOf(url)).executeTakeFirst();
const claim = (ownerId: string, urls: string[], options: Parameters<typeof claimUploads>[4]) =>
  t.db.kysely.transaction().execute((trx) => claimUploads(t.app.ctx, trx, ownerId, urls, options));
const served = async (url: string) => (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

describe('claimUploads', () => {
  it('attaches the caller’s own free uploads, in the order given, and may claim them again for the same thing', async () => {
    const me = await user();
    const urls = [await uploadImage(me), await uploadImage(me)];
    const rows = await claim(me.user.id, [urls[1], urls[0]], { kind: 'image', max: 8, attachTo: 'message:m1' });
    expect(rows.map((r) => r.id)).toEqual([idOf(urls[1]), idOf(urls[0])]);
    expect((await rowOf(urls[0]))?.attached_to).toBe('message:m1');
    expect((await rowOf(urls[1]))?.attached_to).toBe('message:m1');
    await expect(claim(me.user.id, urls, { kind: 'image', max: 8, attachTo: 'message:m1' })).resolves.toHaveLength(2);
    expect(await claim(me.user.id, [], { kind: 'image', max: 8, attachTo: 'message:m1' })).toEqual([]);
  });

  it('refuses with 400 invalid_media, attaching none: another user’s upload, one attached elsewhere, a foreign or made-up URL, the wrong kind, duplicates, too many', async () => {
    const me = await user();
    const other = await user();
    const mine = await uploadImage(me);
    const theirs = await uploadImage(other);
    const taken = await uploadImage(me);
    await claim(me.user.id, [taken], { kind: 'image', max: 8, attachTo: 'message:first' });
    const video = await uploadVideo(me);
    const wrongExt = mine.replace(/\.png$/, '.jpg');
    const cases: { urls: string[]; kind?: 'image' | 'video'; max?: number; message: RegExp }[] = [
      { urls: [mine, theirs], message: /imageUrls must be URLs of your own image uploads that are not attached elsewhere/ },
      { urls: [mine, taken], message: /not attached elsewhere/ },
      { urls: [mine, 'https://elsewhere.example/api/media/' + idOf(mine) + '.png'], message: /your own/ },
      { urls: [mine, 'not a url'], message: /your own/ },
      { urls: [mine, wrongExt], message: /your own/ },
      { urls: [mine, video], message: /your own image uploads/ },
      { urls: [mine], kind: 'video', message: /videoUrls must be URLs of your own video uploads/ },
      { urls: [mine, mine], message: /must not repeat/ },
      { urls: [mine, video], kind: 'video', max: 1, message: /videoUrls may hold at most 1 URL/ },
    ];
    for (const c of cases) {
      const kind = c.kind ?? 'image';
      await expect(claim(me.user.id, c.urls, { kind, max: c.max ?? 8, attachTo: 'message:second' }), JSON.stringify(c.urls)).rejects.toMatchObject({
        statusCode: 400,
        code: 'invalid_media',
        message: expect.stringMatching(c.message),
      });
      expect((await rowOf(mine))?.attached_to, JSON.stringify(c.urls)).toBeNull();
    }
    expect((await rowOf(theirs))?.attached_to).toBeNull();
    expect((await rowOf(taken))?.attached_to).toBe('message:first');
    await expect(claim(me.user.id, [mine], { kind: 'image', max: 4, attachTo: 'dm:1', field: 'imageUrls' })).resolves.toHaveLength(1);
  });

  it('rolls back with the caller’s transaction', async () => {
    const me = await user();
    const url = await uploadImage(me);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await claimUploads(t.app.ctx, trx, me.user.id, [url], { kind: 'image', max: 8, attachTo: 'message:rolled-back' });
        throw new Error('the message insert failed');
      }),
    ).rejects.toThrow('the message insert failed');
    expect((await rowOf(url))?.attached_to).toBeNull();
  });

  it('lets only one of two claims of the same upload win', async () => {
    const me = await user();
    const url = await uploadImage(me);
    const results = await Promise.allSettled([
      claim(me.user.id, [url], { kind: 'image', max: 8, attachTo: 'message:a' }),
      claim(me.user.id, [url], { kind: 'image', max: 8, attachTo: 'message:b' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.statusCode)).toEqual([400]);
    expect(['message:a', 'message:b']).toContain((await rowOf(url))?.attached_to);
  });
});

describe('releaseUploads and releaseOwnerUploads', () => {
  it('delete the blobs and rows of what they name, and nothing else', async () => {
    const me = await user();
    const [a, b, c, free] = [await uploadImage(me), await uploadImage(me), await uploadVideo(me), await uploadImage(me)];
    await claim(me.user.id, [a, b], { kind: 'image', max: 8, attachTo: 'message:gone' });
    await claim(me.user.id, [c], { kind: 'video', max: 1, attachTo: 'message:kept' });
    const keyA = (await rowOf(a))!.blob_key;
    expect(await releaseUploads(t.app.ctx, 'message:gone')).toBe(2);
    expect(await rowOf(a)).toBeUndefined();
    expect(await rowOf(b)).toBeUndefined();
    expect(await t.app.ctx.blobs.exists(keyA)).toBe(false);
    expect(await served(a)).toBe(404);
    expect(await served(c)).toBe(200);
    expect(await releaseUploads(t.app.ctx, ['message:gone', 'message:none'])).toBe(0);

    expect(await releaseOwnerUploads(t.app.ctx, me.user.id)).toBe(2);
    expect(await served(c)).toBe(404);
    expect(await served(free)).toBe(404);
  });
});

describe('purgeUnattachedUploads', () => {
  it('removes uploads never attached after 24 hours (blob and row), keeps attached ones, and those of deleted accounts go too', async () => {
    // Earlier tests' rows are cleared first so the counts below are this test's own.
    await t.db.kysely.deleteFrom('uploads').execute();
    const start = t.clock.now();
    const me = await user();
    const attached = await uploadImage(me);
    const waiting = await uploadImage(me);
    await claim(me.user.id, [attached], { kind: 'image', max: 8, attachTo: 'message:kept' });
    const orphanOwner = await user();
    const orphan = await uploadImage(orphanOwner);
    await claim(orphanOwner.user.id, [orphan], { kind: 'image', max: 8, attachTo: 'message:orphan' });
    const waitingKey = (await rowOf(waiting))!.blob_key;

    t.clock.advance(UNATTACHED_TTL_MS - 60_000);
    const later = await uploadImage(me);
    expect(await purgeUnattachedUploads(t.app.ctx)).toBe(0);
    expect(await served(waiting)).toBe(200);

    t.clock.advance(2 * 60_000);
    expect(await purgeUnattachedUploads(t.app.ctx)).toBe(1);
    expect(await rowOf(waiting)).toBeUndefined();
    expect(await t.app.ctx.blobs.exists(waitingKey)).toBe(false);
    expect(await served(waiting)).toBe(404);
    expect(await served(attached)).toBe(200);
    expect(await served(later)).toBe(200);
    // A claim of a purged upload is refused.
    await expect(claim(me.user.id, [waiting], { kind: 'image', max: 8, attachTo: 'message:late' })).rejects.toMatchObject({ statusCode: 400 });

    // The account is deleted without releasing its uploads: the purge removes them.
    await t.db.kysely.deleteFrom('users').where('id', '=', orphanOwner.user.id).execute();
    expect(await purgeUnattachedUploads(t.app.ctx)).toBe(1);
    expect(await served(orphan)).toBe(404);

    t.clock.advance(UNATTACHED_TTL_MS);
    expect(await purgeUnattachedUploads(t.app.ctx, { batchSize: 1 })).toBe(1); // `later`, in batches of one
    expect(await served(attached)).toBe(200);
    t.clock.set(start);
  });
});

describe('POST /api/documents/{id}/images/upload', () => {
  const send = async (who: SignedIn | null, id: string, bytes?: Buffer, via: 'cookie' | 'bearer' = 'bearer') => {
    const body = multipart({ bytes: bytes ?? (await smallPng()) });
    const headers: Record<string, string> = { ...body.headers };
    if (who) {
      if (via === 'cookie') headers.cookie = who.cookie;
      else headers.authorization = who.bearer;
    }
    return t.app.inject({ method: 'POST', url: `/api/documents/${id}/images/upload`, headers, payload: body.payload });
  };

  it('stores the image for the document’s owner, attached to the document, answering 200 { url }', async () => {
    const owner = await user();
    const doc = await createDoc(t, owner, { title: 'With pictures' });
    for (const via of ['bearer', 'cookie'] as const) {
      const res = await send(owner, doc.id, undefined, via);
      expect(res.statusCode, res.body).toBe(200);
      expect(Object.keys(res.json())).toEqual(['url']);
      expect((await rowOf(res.json().url))?.attached_to).toBe(`document:${doc.id}`);
      expect(await served(res.json().url)).toBe(200);
    }
    // Attached at once, so the purge of unattached uploads leaves it alone.
    t.clock.advance(2 * UNATTACHED_TTL_MS);
    await purgeUnattachedUploads(t.app.ctx);
    expect(await releaseUploads(t.app.ctx, `document:${doc.id}`)).toBe(2);
  });

  it('answers 404 for another user’s document (even a public one), an unknown or deleted one; 401, 403 and 415 as elsewhere', async () => {
    const owner = await user();
    const other = await user();
    const priv = await createDoc(t, owner, { title: 'Private' });
    const pub = await createDoc(t, owner, { title: 'Public', isPublic: true });
    const gone = await createDoc(t, owner, { title: 'Gone' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/documents/${gone.id}`, headers: { authorization: owner.bearer } })).statusCode).toBe(200);
    for (const id of [priv.id, pub.id]) expect((await send(other, id)).statusCode).toBe(404);
    expect((await send(owner, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await send(owner, gone.id)).statusCode).toBe(404);
    expect((await send(null, priv.id)).statusCode).toBe(401);
    const before = await t.db.kysely.selectFrom('uploads').select('id').where('owner_id', '=', owner.user.id).execute();
    expect((await send(owner, priv.id, Buffer.from('plain text'))).statusCode).toBe(415);

    await setUserFields(t.db, owner.user.id, { account_status: 'probation' });
    const probation = await send(owner, priv.id);
    expect(probation.statusCode).toBe(403);
    expect(probation.json().code).toBe('account_probation_feature');
    await setUserFields(t.db, owner.user.id, { account_status: 'restricted' });
    expect((await send(owner, priv.id)).json().code).toBe('account_restricted');
    const after = await t.db.kysely.selectFrom('uploads').select('id').where('owner_id', '=', owner.user.id).execute();
    expect(after).toHaveLength(before.length);
  });
});
