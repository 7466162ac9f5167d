import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ensureWebBuild } from '../helpers/web-build.js';
import { newOrg } from '../orgs/helpers.js';
import { call, expectError, MESSAGE_FIELDS, post, subscriber, storedUpload, type Member } from './helpers.js';

// Descriptions (alt text) of a message's images and video: imageAlts and videoAlts, item i for
// URL i, stored with the message and shown by every read that shows the media; left out of a
// message that has none, so its shape stays as it was; bad ones refused with nothing changed.

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  await ensureWebBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'msg-alts-'));
  t = await createTestApp({ smtp: false, env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://social.example' } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (who: Member, kind: 'image' | 'video') => storedUpload(t, who, kind);

const ok = async (who: Member | null, url: string) => {
  const res = await call(t, who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const byId = (messages: Record<string, any>[], id: string) => messages.find((m) => m.id === id);
const attachedTo = async (id: string) => (await t.db.kysely.selectFrom('uploads').select('attached_to').where('id', '=', id).executeTakeFirst())?.attached_to;
const countMessages = async () => Number((await t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('alt text of a message’s media', () => {
  it('is stored, and every read that shows the media shows it, one per URL', async () => {
    const s = await subscriber(t);
    const org = await newOrg(t, s);
    const [i1, i2, v] = [await upload(s, 'image'), await upload(s, 'image'), await upload(s, 'video')];
    const word = `alts${Date.now()}`;
    const imageAlts = ['A red tomato <on> a "vine" & leaves', ''];
    const videoAlts = ['A bee lands on a sunflower'];
    const m = await post(t, s, { content: `Garden ${word}`, imageUrls: [i1.url, i2.url], videoUrls: [v.url], imageAlts, videoAlts, orgId: org.id });
    expect(m).toMatchObject({ imageAlts, videoAlts });
    expect(Object.keys(m).sort()).toEqual([...MESSAGE_FIELDS, 'imageAlts', 'videoAlts'].sort());
    const stored = await t.db.kysely.selectFrom('messages').select(['image_alts', 'video_alts']).where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.image_alts!)).toEqual(imageAlts);
    expect(JSON.parse(stored.video_alts!)).toEqual(videoAlts);

    const reply = await post(t, s, { content: 'a reply', parentId: m.id });
    const push = await post(t, s, { pushedMessageId: m.id });
    const reads = {
      one: await ok(null, `/api/messages/${m.id}`),
      feed: byId((await ok(null, '/api/messages?limit=100')).messages, m.id),
      mine: byId((await ok(s, '/api/messages?onlyMine=true')).messages, m.id),
      user: byId((await ok(null, `/api/user/${s.user.username}/messages`)).messages, m.id),
      search: byId((await ok(s, `/api/messages/search?q=${word}`)).messages, m.id),
      org: byId((await ok(null, `/api/orgs/${org.slug}/messages`)).messages, m.id),
      pushed: (await ok(null, `/api/messages/${push.id}`)).pushedMessage,
    };
    for (const [read, message] of Object.entries(reads)) expect(message, read).toMatchObject({ id: m.id, imageAlts, videoAlts });
    // A reply of the message with media has none of its own.
    const [answer] = await ok(null, `/api/messages/${m.id}/replies`);
    expect(answer.id).toBe(reply.id);
    expect(answer).not.toHaveProperty('imageAlts');

    // The public page: the image with its description, and the description in the card's head.
    const page = await t.app.inject({ method: 'GET', url: `/messages/${m.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:image" content="${i1.url}">`);
    expect(page.body).toContain('<meta property="og:image:alt" content="A red tomato &#60;on&#62; a &#34;vine&#34; &#38; leaves">');
    expect(page.body).toContain(`<img src="${i1.url}" alt="A red tomato &#60;on&#62; a &#34;vine&#34; &#38; leaves">`);
    // An image left undescribed is not decoration: it says which image it is, and whose.
    expect(page.body).toContain(`<img src="${i2.url}" alt="Image 2 of 2 attached by @${m.user.username}">`);
    expect(page.body).toContain(`aria-label="A bee lands on a sunflower"`);
  });

  it('shows them on replies and in the scheduled queue, and a reschedule keeps them', async () => {
    const s = await subscriber(t);
    const top = await post(t, s, { content: 'top' });
    const img = await upload(s, 'image');
    const reply = await post(t, s, { content: 'reply with a photo', parentId: top.id, imageUrls: [img.url], imageAlts: ['A watering can'] });
    expect(byId(await ok(null, `/api/messages/${top.id}/replies`), reply.id)).toMatchObject({ imageAlts: ['A watering can'] });

    const later = await upload(s, 'image');
    const at = new Date(t.clock.now().getTime() + 3 * 3600_000).toISOString();
    const scheduled = await post(t, s, { content: 'later', imageUrls: [later.url], imageAlts: ['Seedlings in trays'], scheduledAt: at });
    expect(byId((await ok(s, '/api/messages/scheduled')).messages, scheduled.id)).toMatchObject({ imageAlts: ['Seedlings in trays'] });
    const moved = await call(t, s, 'PATCH', `/api/messages/${scheduled.id}`, { scheduledAt: new Date(t.clock.now().getTime() + 5 * 3600_000).toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ imageAlts: ['Seedlings in trays'] });
    expect(byId((await ok(s, '/api/messages/scheduled')).messages, scheduled.id)).toMatchObject({ imageAlts: ['Seedlings in trays'] });
  });

  it('is left out when none is given, empty or blank, and padded to one per URL when fewer are given', async () => {
    const s = await subscriber(t);
    const cases: { body: Record<string, unknown>; imageAlts?: string[] }[] = [
      { body: {} },
      { body: { imageAlts: [] } },
      { body: { imageAlts: ['', '  '], videoAlts: [''] } },
      { body: { imageAlts: ['Only the first'] }, imageAlts: ['Only the first', ''] },
    ];
    for (const c of cases) {
      const [a, b, v] = [await upload(s, 'image'), await upload(s, 'image'), await upload(s, 'video')];
      const m = await post(t, s, { content: 'media', imageUrls: [a.url, b.url], videoUrls: [v.url], ...c.body });
      const read = await ok(null, `/api/messages/${m.id}`);
      for (const got of [m, read]) {
        expect(got).not.toHaveProperty('videoAlts');
        if (c.imageAlts) expect(got.imageAlts, JSON.stringify(c.body)).toEqual(c.imageAlts);
        else expect(Object.keys(got).sort(), JSON.stringify(c.body)).toEqual(MESSAGE_FIELDS);
      }
    }
    // A plain message, and its public page without an image in its head.
    const plain = await post(t, s, { content: 'no media' });
    expect(Object.keys(plain).sort()).toEqual(MESSAGE_FIELDS);
    const page = await t.app.inject({ method: 'GET', url: `/messages/${plain.id}` });
    expect(page.body).not.toContain('og:image');
  });

  it('refuses bad descriptions with 400 { error, code }, writing and attaching nothing', async () => {
    const s = await subscriber(t);
    const [img, vid] = [await upload(s, 'image'), await upload(s, 'video')];
    const long = 'x'.repeat(1501);
    const cases: { body: Record<string, unknown>; code: string; message: RegExp }[] = [
      { body: { imageUrls: [img.url], imageAlts: ['one', 'two'] }, code: 'invalid_media', message: /imageAlts may hold at most as many items as imageUrls \(1\)/ },
      { body: { imageAlts: ['no image'] }, code: 'invalid_media', message: /imageAlts may hold at most as many items as imageUrls \(0\)/ },
      { body: { videoUrls: [vid.url], videoAlts: ['a', 'b'] }, code: 'bad_request', message: /videoAlts/ },
      { body: { videoAlts: ['no video'] }, code: 'invalid_media', message: /videoAlts may hold at most as many items as videoUrls \(0\)/ },
      { body: { imageUrls: [img.url], imageAlts: [long] }, code: 'bad_request', message: /imageAlts/ },
      { body: { videoUrls: [vid.url], videoAlts: [long] }, code: 'bad_request', message: /videoAlts/ },
      { body: { imageUrls: [img.url], imageAlts: [42] }, code: 'bad_request', message: /imageAlts/ },
      { body: { imageUrls: [img.url], imageAlts: 'a string' }, code: 'bad_request', message: /imageAlts/ },
      { body: { imageUrls: [img.url], imageAlts: Array(9).fill('x') }, code: 'bad_request', message: /imageAlts/ },
    ];
    const before = await countMessages();
    for (const c of cases) {
      const res = await call(t, s, 'POST', '/api/messages', { content: 'x', ...c.body });
      expectError(res, 400, c.code);
      expect(res.json().error, JSON.stringify(c.body)).toMatch(c.message);
    }
    expect(await countMessages()).toBe(before);
    expect(await attachedTo(img.row.id)).toBeNull();
    expect(await attachedTo(vid.row.id)).toBeNull();
    // 1,500 characters is still fine.
    const m = await post(t, s, { content: 'x', imageUrls: [img.url], imageAlts: ['y'.repeat(1500)] });
    expect(m.imageAlts).toEqual(['y'.repeat(1500)]);
  });
});
