import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createTestApp, queriesDuring, secondInstance, type TestApp } from '../helpers/app.js';
import { follows, member, post, type Member } from './helpers.js';

// The feed, search and a user's messages are answered from a per-process cache keyed by the
// message-read version (migration 010, features/messages/read-cache.ts). Two app instances share
// one database here: reads on `t` fill its cache, every kind of write goes through `other`, and
// the next read on `t` must show it at once.

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  other = await secondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
async function on(app: FastifyInstance, who: Member | null, method: Method, url: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}
const read = async (who: Member | null, url: string) => (await on(t.app, who, 'GET', url)).json();
const ids = (body: { messages: { id: string }[] }) => body.messages.map((m) => m.id);

describe('message reads cached per version', () => {
  it('a repeated read costs the version lookup only, and is served as the same JSON', async () => {
    const author = await member(t);
    const tag = `c${newId().slice(-8)}`;
    await post(t, author, { content: 'cached once', tags: [tag] });
    const url = `/api/messages?tag=${tag}`;
    const first = await on(t.app, null, 'GET', url);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    let again: Awaited<ReturnType<typeof on>> | undefined;
    expect(await queriesDuring(t.db, async () => (again = await on(t.app, null, 'GET', url)))).toHaveLength(1);
    expect(again!.body).toBe(first.body);
    expect(first.json().messages[0]).toMatchObject({ content: 'cached once', digCount: 0, dugByMe: false, replyCount: 0, user: { username: author.user.username } });
  });

  it('every write another instance makes shows at once in this instance’s cached reads', async () => {
    const [author, reader, stranger] = [await member(t), await member(t), await member(t)];
    const tag = `c${newId().slice(-8)}`;
    const word = `zz${newId().slice(-6)}`;
    const feedUrl = `/api/messages?tag=${tag}`;
    const searchUrl = `/api/messages/search?q=${word}`;
    const userUrl = `/api/user/${author.user.username}/messages`;
    const first = await post(t, author, { content: `first ${word}`, tags: [tag] });
    const reads = async () => ({
      anonymous: ids(await read(null, feedUrl)),
      reader: ids(await read(reader, feedUrl)),
      search: ids(await read(reader, searchUrl)),
      user: ids(await read(reader, userUrl)),
    });
    expect(await reads()).toEqual({ anonymous: [first.id], reader: [first.id], search: [first.id], user: [first.id] });

    // A new message.
    t.clock.advance(1000);
    const second = (await on(other, author, 'POST', '/api/messages', { content: `second ${word}`, tags: [tag] })).json().data;
    expect(await reads()).toEqual({ anonymous: [second.id, first.id], reader: [second.id, first.id], search: [second.id, first.id], user: [second.id, first.id] });

    // A dig: the count, and the digger's own dugByMe.
    await on(other, reader, 'POST', `/api/messages/${second.id}/dig`);
    expect((await read(null, feedUrl)).messages[0]).toMatchObject({ digCount: 1, dugByMe: false });
    expect((await read(reader, feedUrl)).messages[0]).toMatchObject({ digCount: 1, dugByMe: true });
    await on(other, reader, 'DELETE', `/api/messages/${second.id}/dig`);
    expect((await read(reader, feedUrl)).messages[0]).toMatchObject({ digCount: 0, dugByMe: false });

    // A reply changes the parent's replyCount.
    await on(other, stranger, 'POST', '/api/messages', { content: 'a reply', parentId: first.id });
    expect((await read(null, feedUrl)).messages[1]).toMatchObject({ id: first.id, replyCount: 1 });

    // A private message: hidden from the reader until the reader follows the author.
    t.clock.advance(1000);
    const hidden = (await on(other, author, 'POST', '/api/messages', { content: `private ${word}`, tags: [tag], publiclyVisible: false })).json().data;
    expect(ids(await read(reader, feedUrl))).toEqual([second.id, first.id]);
    await follows(t, reader, author);
    expect(ids(await read(reader, feedUrl))).toEqual([hidden.id, second.id, first.id]);
    expect(ids(await read(reader, searchUrl))).toEqual([hidden.id, second.id, first.id]);
    expect(ids(await read(null, feedUrl))).toEqual([second.id, first.id]);

    // The author's display name, as every message shows it.
    await on(other, author, 'PATCH', '/api/user', { displayName: 'Renamed Author' });
    expect((await read(null, feedUrl)).messages[0].user.displayName).toBe('Renamed Author');

    // A mute narrows the muter's feed and search; a block hides the author's messages entirely.
    await on(other, reader, 'POST', `/api/users/${author.user.username}/mute`);
    // A user's own timeline shows their private messages to the owner only, followers or not.
    expect(await reads()).toMatchObject({ reader: [], search: [], user: [second.id, first.id] });
    await on(other, reader, 'DELETE', `/api/users/${author.user.username}/mute`);
    expect(ids(await read(reader, feedUrl))).toEqual([hidden.id, second.id, first.id]);
    await on(other, author, 'POST', `/api/users/${reader.user.username}/block`);
    expect(ids(await read(reader, feedUrl))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: userUrl, headers: { cookie: reader.cookie } })).statusCode).toBe(404);
    await on(other, author, 'DELETE', `/api/users/${reader.user.username}/block`);

    // A delete.
    await on(other, author, 'DELETE', `/api/messages/${second.id}`);
    expect(ids(await read(null, feedUrl))).toEqual([first.id]);
    expect(ids(await read(null, userUrl))).toEqual([first.id]);
  });

  it('the key separates viewers, viewing preferences and every query parameter', async () => {
    const [author, follower, stranger] = [await member(t), await member(t), await member(t)];
    await follows(t, follower, author);
    const tag = `c${newId().slice(-8)}`;
    const pub = await post(t, author, { content: 'public', tags: [tag] });
    t.clock.advance(1000);
    const priv = await post(t, author, { content: 'private', tags: [tag], publiclyVisible: false });
    const url = `/api/messages?tag=${tag}`;
    expect(ids(await read(follower, url))).toEqual([priv.id, pub.id]);
    expect(ids(await read(stranger, url))).toEqual([pub.id]);
    expect(ids(await read(null, url))).toEqual([pub.id]);
    expect(ids(await read(follower, `${url}&limit=1`))).toEqual([priv.id]);
    expect(ids(await read(follower, `${url}&limit=1&offset=1`))).toEqual([pub.id]);
    expect(ids(await read(author, `${url}&onlyMine=true`))).toEqual([priv.id, pub.id]);
    expect(ids(await read(follower, `${url}&onlyMine=true`))).toEqual([]);
    // The viewer's preference is part of the key (set directly: no version bump for it).
    await t.db.kysely.updateTable('users').set({ viewing_preference: 'following' }).where('id', '=', stranger.user.id).execute();
    expect(ids(await read(stranger, url))).toEqual([]);
  });
});
