import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queriesDuring, type TestApp } from '../helpers/app.js';
import { newId } from '../../src/lib/ids.js';
import { call, follows, member, post, subscriber, type Member } from './helpers.js';

// The message visibility module (src/features/visibility/messages.ts) through the API.
// pagination.total of the feed and of search equals what is listed, for each kind of viewer the
// module tells apart: the unfiltered feed of a viewer who does not read `following` counts its
// public part as the counter shards less the messages of the authors it hides (blocks either way,
// mutes), every other read counts the parts; and a page, built from each part's newest rows, is
// the same slice of the whole list at any offset.

let t: TestApp;
/** Authors whose messages every viewer below is placed against. */
let followed: Member;
let stranger: Member;
let other: Member;
const posted: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  [followed, stranger, other] = [await member(t), await subscriber(t), await member(t)];
  for (const [who, name] of [
    [followed, 'followed'],
    [stranger, 'stranger'],
    [other, 'other'],
  ] as const) {
    posted[`${name} public`] = (await post(t, who, { content: `walrus ${name} public` })).id;
    posted[`${name} private`] = (await post(t, who, { content: `walrus ${name} private`, publiclyVisible: false })).id;
    t.clock.advance(1000);
  }
  // A scheduled message is its author's alone and never in a feed before it is published.
  const scheduled = await call(t, stranger, 'POST', '/api/messages', { content: 'walrus scheduled', scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() });
  expect(scheduled.statusCode, scheduled.body).toBe(201);
  posted['stranger scheduled'] = scheduled.json().data.id;
});
afterAll(async () => t.close());

/** A new viewer who follows `followed` and has posted a public and a private message. */
async function viewer(fields: Record<string, unknown> = {}): Promise<Member> {
  const v = await member(t, fields);
  await follows(t, v, followed);
  await post(t, v, { content: 'walrus own public' });
  await post(t, v, { content: 'walrus own private', publiclyVisible: false });
  return v;
}

/** Everything a read lists (one page holds all of it here), checked against its total. */
async function listed(who: Member | null, url: string): Promise<{ ids: string[]; contents: string[] }> {
  const res = await call(t, who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.pagination.hasMore).toBe(false);
  expect(body.pagination.total, url).toBe(body.messages.length);
  return { ids: body.messages.map((m: { id: string }) => m.id), contents: body.messages.map((m: { content: string }) => m.content) };
}

const feed = (who: Member | null) => listed(who, '/api/messages?limit=100');
const search = (who: Member) => listed(who, '/api/messages/search?q=walrus&limit=100');
const names = (ids: string[]) => Object.entries(posted).filter(([, id]) => ids.includes(id)).map(([name]) => name).sort();

describe('feed and search totals', () => {
  it('a viewer who blocks no one and mutes no one (the counted-from-shards case)', async () => {
    const v = await viewer();
    for (const read of [await feed(v), await search(v)]) {
      expect(names(read.ids)).toEqual(['followed private', 'followed public', 'other public', 'stranger public']);
      expect(read.contents).toEqual(expect.arrayContaining(['walrus own public', 'walrus own private']));
    }
  });

  it('anonymous: published public messages only', async () => {
    const read = await feed(null);
    expect(names(read.ids)).toEqual(['followed public', 'other public', 'stranger public']);
    expect(read.contents).not.toContain('walrus own private');
  });

  it('a viewer who only blocks someone', async () => {
    const v = await viewer();
    expect((await call(t, v, 'POST', `/api/users/${other.user.username}/block`)).statusCode).toBe(200);
    for (const read of [await feed(v), await search(v)]) expect(names(read.ids)).toEqual(['followed private', 'followed public', 'stranger public']);
  });

  it('a viewer who is only blocked by someone', async () => {
    const v = await viewer();
    expect((await call(t, other, 'POST', `/api/users/${v.user.username}/block`)).statusCode).toBe(200);
    for (const read of [await feed(v), await search(v)]) expect(names(read.ids)).toEqual(['followed private', 'followed public', 'stranger public']);
  });

  it('a viewer who only mutes someone', async () => {
    const v = await viewer();
    expect((await call(t, v, 'POST', `/api/users/${stranger.user.username}/mute`)).statusCode).toBe(200);
    for (const read of [await feed(v), await search(v)]) expect(names(read.ids)).toEqual(['followed private', 'followed public', 'other public']);
  });

  it('a viewer reading with viewingPreference following: own and followed users only', async () => {
    const v = await viewer({ viewing_preference: 'following' });
    for (const read of [await feed(v), await search(v)]) {
      expect(names(read.ids)).toEqual(['followed private', 'followed public']);
      expect(read.contents.sort()).toEqual(['walrus followed private', 'walrus followed public', 'walrus own private', 'walrus own public']);
    }
  });

  it('following and muting the followed user leaves only their own messages', async () => {
    const v = await viewer({ viewing_preference: 'following' });
    expect((await call(t, v, 'POST', `/api/users/${followed.user.username}/mute`)).statusCode).toBe(200);
    for (const read of [await feed(v), await search(v)]) expect(read.contents.sort()).toEqual(['walrus own private', 'walrus own public']);
  });

  it('a viewer who blocks, is blocked by and mutes the same author hides them once', async () => {
    const v = await viewer();
    await call(t, v, 'POST', `/api/users/${stranger.user.username}/block`);
    await call(t, stranger, 'POST', `/api/users/${v.user.username}/block`);
    await call(t, v, 'POST', `/api/users/${stranger.user.username}/mute`);
    expect(names((await feed(v)).ids)).toEqual(['followed private', 'followed public', 'other public']);
  });

  it('pages are slices of the whole feed, in order, at every offset', async () => {
    const v = await viewer();
    for (const who of [v, null]) {
      const whole = await feed(who);
      const paged: string[] = [];
      for (let offset = 0; offset < whole.ids.length; offset += 2) {
        const res = await call(t, who, 'GET', `/api/messages?limit=2&offset=${offset}`);
        expect(res.json().pagination.total).toBe(whole.ids.length);
        paged.push(...res.json().messages.map((m: { id: string }) => m.id));
      }
      expect(paged).toEqual(whole.ids);
    }
  });

  it('the public part of an unfiltered feed’s total comes from the counter for every viewer not reading following', async () => {
    // A write first, so the read is not answered from the read cache.
    const countedFromCounter = async (who: Member | null) => {
      await post(t, other, { content: 'cache breaker' });
      const sql = await queriesDuring(t.db, () => feed(who));
      return sql.some((q) => q.includes('message_count_shards'));
    };
    expect(await countedFromCounter(null)).toBe(true);
    expect(await countedFromCounter(await viewer())).toBe(true);
    const blocking = await viewer();
    await call(t, blocking, 'POST', `/api/users/${stranger.user.username}/block`);
    expect(await countedFromCounter(blocking)).toBe(true);
    const muting = await viewer();
    await call(t, muting, 'POST', `/api/users/${stranger.user.username}/mute`);
    expect(await countedFromCounter(muting)).toBe(true);
    expect(await countedFromCounter(await viewer({ viewing_preference: 'following' }))).toBe(false);
  });

  it('the author of a scheduled message reads it alone, and no feed holds it', async () => {
    const id = posted['stranger scheduled'];
    expect((await call(t, stranger, 'GET', `/api/messages/${id}`)).statusCode).toBe(200);
    expect((await call(t, followed, 'GET', `/api/messages/${id}`)).statusCode).toBe(404);
    expect((await feed(stranger)).ids).not.toContain(id);
  });
});

describe('profile lookups only where a block or follow can be (src/features/visibility/users.ts)', () => {
  /** The block and follow lookups between a viewer and one user that `read` runs. */
  async function pairLookups(read: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
    const sql = await queriesDuring(t.db, async () => {
      const res = await read();
      expect(res.statusCode, res.body).toBe(200);
    });
    return sql.filter((q) => /from "blocks"|from "follows" where "follower_id" = \S+ and "followee_id" = /.test(q));
  }

  it('an anonymous read of a profile, and a user reading their own, look up no block or follow', async () => {
    expect(await pairLookups(() => call(t, null, 'GET', `/api/users/${followed.user.username}`))).toEqual([]);
    expect(await pairLookups(() => call(t, followed, 'GET', `/api/users/${followed.user.username}`))).toEqual([]);
    // A signed-in reader of another user does look them up.
    expect(await pairLookups(() => call(t, stranger, 'GET', `/api/users/${followed.user.username}`))).toHaveLength(2);
  });
});

describe('single reads and interactions', () => {
  it('a 404 names what was not found: the message, the parent, the pushed message', async () => {
    const v = await viewer();
    const missing = newId();
    const dig = await call(t, v, 'POST', `/api/messages/${missing}/dig`);
    expect(dig.statusCode).toBe(404);
    expect(dig.json().error).toBe('Message not found');
    const reply = await call(t, v, 'POST', '/api/messages', { content: 'r', parentId: missing });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error).toBe('Parent message not found');
    const push = await call(t, v, 'POST', '/api/messages', { pushedMessageId: missing });
    expect(push.statusCode).toBe(404);
    expect(push.json().error).toBe('Pushed message not found');
  });

  it('a private message: the author and followers read it; anonymous, strangers and the blocked do not', async () => {
    const id = posted['followed private'];
    expect((await call(t, followed, 'GET', `/api/messages/${id}`)).statusCode).toBe(200);
    const fan = await viewer();
    expect((await call(t, fan, 'GET', `/api/messages/${id}`)).statusCode).toBe(200);
    expect((await call(t, null, 'GET', `/api/messages/${id}`)).statusCode).toBe(404);
    expect((await call(t, stranger, 'GET', `/api/messages/${id}`)).statusCode).toBe(404);
    expect((await call(t, null, 'GET', `/api/messages/${posted['followed public']}`)).statusCode).toBe(200);
  });

  it('interacting with a public message across a block is 403 blocked, with its message', async () => {
    const v = await viewer();
    expect((await call(t, other, 'POST', `/api/users/${v.user.username}/block`)).statusCode).toBe(200);
    const dig = await call(t, v, 'POST', `/api/messages/${posted['other public']}/dig`);
    expect(dig.statusCode).toBe(403);
    expect(dig.json()).toEqual({ error: 'You cannot interact with this user', code: 'blocked' });
  });

  it('interacting with a private message across a block is 404: the refusal must not reveal that it exists', async () => {
    const v = await viewer();
    expect((await call(t, followed, 'POST', `/api/users/${v.user.username}/block`)).statusCode).toBe(200);
    const id = posted['followed private'];
    const dig = await call(t, v, 'POST', `/api/messages/${id}/dig`);
    expect(dig.statusCode).toBe(404);
    expect(dig.json()).toEqual({ error: 'Message not found', code: 'not_found' });
    const reply = await call(t, v, 'POST', '/api/messages', { content: 'r', parentId: id });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'Parent message not found', code: 'not_found' });
    expect((await call(t, v, 'GET', `/api/messages/${id}`)).statusCode).toBe(404);
  });

  it('across a block, taking a dig back or reporting a public message is 404: only reply, push and dig are refused with 403', async () => {
    const v = await viewer();
    expect((await call(t, other, 'POST', `/api/users/${v.user.username}/block`)).statusCode).toBe(200);
    const id = posted['other public'];
    const undig = await call(t, v, 'DELETE', `/api/messages/${id}/dig`);
    expect(undig.statusCode).toBe(404);
    expect(undig.json()).toEqual({ error: 'Message not found', code: 'not_found' });
    const report = await call(t, v, 'POST', `/api/messages/${id}/report`, { reason: 'spam' });
    expect(report.statusCode).toBe(404);
    expect(report.json()).toEqual({ error: 'Message not found', code: 'not_found' });
    expect(await t.db.kysely.selectFrom('message_reports').select('id').where('message_id', '=', id).execute()).toEqual([]);
  });

  it('a private message: its author may dig it; a signed-in stranger gets 404', async () => {
    const id = posted['followed private'];
    const own = await call(t, followed, 'POST', `/api/messages/${id}/dig`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ dugByMe: true, isNewDig: true });
    const strange = await call(t, stranger, 'POST', `/api/messages/${id}/dig`);
    expect(strange.statusCode).toBe(404);
    expect(strange.json()).toEqual({ error: 'Message not found', code: 'not_found' });
  });

  it('a scheduled message cannot be dug or replied to, not even by its author, until it is published', async () => {
    const id = posted['stranger scheduled'];
    const dig = await call(t, stranger, 'POST', `/api/messages/${id}/dig`);
    expect(dig.statusCode).toBe(404);
    expect(dig.json()).toEqual({ error: 'Message not found', code: 'not_found' });
    const reply = await call(t, stranger, 'POST', '/api/messages', { content: 'r', parentId: id });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ error: 'Parent message not found', code: 'not_found' });
    expect(await t.db.kysely.selectFrom('digs').select('user_id').where('message_id', '=', id).execute()).toEqual([]);
  });
});
