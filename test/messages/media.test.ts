import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, post, subscriber, storedUpload, type Member } from './helpers.js';

// Messages with media: imageUrls and videoUrls must be the caller's own uploads that are not
// attached elsewhere; deleting the message (or the message above it) removes them.

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'msg-media-'));
  t = await createTestApp({ smtp: false, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (who: Member, kind: 'image' | 'video') => storedUpload(t, who, kind);

const attachedTo = async (id: string) => (await t.db.kysely.selectFrom('uploads').select('attached_to').where('id', '=', id).executeTakeFirst())?.attached_to;

describe('messages with media', () => {
  it('attaches the caller’s own free uploads and shows their URLs on the message', async () => {
    const s = await subscriber(t);
    const [i1, i2, v] = [await upload(s, 'image'), await upload(s, 'image'), await upload(s, 'video')];
    const m = await post(t, s, { content: 'with media', imageUrls: [i2.url, i1.url], videoUrls: [v.url] });
    expect(m.imageUrls).toEqual([i2.url, i1.url]);
    expect(m.videoUrls).toEqual([v.url]);
    for (const u of [i1, i2, v]) expect(await attachedTo(u.row.id)).toBe(`message:${m.id}`);
    expect((await call(t, null, 'GET', `/api/messages/${m.id}`)).json().imageUrls).toEqual([i2.url, i1.url]);
  });

  it('refuses another user’s upload, an attached one, the wrong kind, repeats and foreign URLs (400 invalid_media), attaching nothing', async () => {
    const [s, other] = [await subscriber(t), await subscriber(t)];
    const mine = await upload(s, 'image');
    const theirs = await upload(other, 'image');
    const video = await upload(s, 'video');
    const used = await upload(s, 'image');
    await post(t, s, { content: 'takes it', imageUrls: [used.url] });
    for (const body of [
      { imageUrls: [mine.url, theirs.url] },
      { imageUrls: [mine.url, used.url] },
      { imageUrls: [video.url] },
      { videoUrls: [mine.url] },
      { imageUrls: [mine.url, mine.url] },
      { imageUrls: ['http://elsewhere.example/api/media/x.png'] },
    ]) {
      expectError(await call(t, s, 'POST', '/api/messages', { content: 'x', ...body }), 400, 'invalid_media');
    }
    expect(await attachedTo(mine.row.id)).toBeNull();
  });

  it('deleting a message removes the media of the message and of its replies', async () => {
    const s = await subscriber(t);
    const r = await subscriber(t);
    const a = await upload(s, 'image');
    const b = await upload(r, 'image');
    const m = await post(t, s, { content: 'top', imageUrls: [a.url] });
    await post(t, r, { content: 'reply', parentId: m.id, imageUrls: [b.url] });
    expect((await call(t, s, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(200);
    expect(await attachedTo(a.row.id)).toBeUndefined();
    expect(await attachedTo(b.row.id)).toBeUndefined();
    expect(await t.app.ctx.blobs.get(a.row.blob_key)).toBeNull();
  });

  it('media stay for subscribers outside probation', async () => {
    const free = await member(t);
    const img = await upload(free, 'image');
    const res = await call(t, free, 'POST', '/api/messages', { content: 'x', imageUrls: [img.url] });
    expectError(res, 403);
    expect(await attachedTo(img.row.id)).toBeNull();
  });
});
