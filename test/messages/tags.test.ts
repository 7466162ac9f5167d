import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishDueMessages } from '../../src/features/messages/scheduling.js';
import { foldTags } from '../../src/features/messages/tag-fold.js';
import { FOLD_EVERY_MS, foldTagCounters } from '../../src/features/messages/tags.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { call, expectError, member, post, subscriber } from './helpers.js';

// Tag discovery through the HTTP API (CONTRACT, Utility helpers): trending over the last 24 hours
// ranked by distinct authors then messages, prefix search; private messages, replies and
// unpublished ones never count; deleted and purged messages stop counting. The counters are
// folded after the writes (tag-fold.ts): `trending` and `search` fold first, as the scheduler
// would, and the read's own fold (at most FOLD_EVERY_MS behind) is tested with `read`. Each test
// has an app of its own, so the rankings hold only its own tags.

const CRON_SECRET = 'tags-cron-secret';
let t: AdminTestApp;
beforeEach(async () => {
  t = await createAdminApp({ smtp: false, env: { CRON_SECRET } });
});
afterEach(async () => t.close());

/** A read as it comes, folding only when the read itself decides to. */
const read = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tags as { tag: string; messages?: number; accounts?: number }[];
};
const trending = async (query = '') => {
  await foldTagCounters(t.app.ctx);
  return (await read(`/api/tags/trending${query}`)) as { tag: string; messages: number; accounts: number }[];
};
const search = async (q: string, extra = '') => {
  await foldTagCounters(t.app.ctx);
  return (await read(`/api/tags/search?q=${encodeURIComponent(q)}${extra}`)) as { tag: string; messages: number }[];
};

describe('GET /api/tags/trending', () => {
  it('ranks by distinct authors, then messages; an author counts once; tags as written; private messages and replies never count', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    // rivers: 3 authors, 3 messages. stones: 1 author, 4 messages. Rivers (another case): 2 authors, 2 messages.
    for (const who of [a, b, c]) await post(t, who, { content: 'flowing', tags: ['rivers'] });
    for (let i = 0; i < 4; i++) await post(t, a, { content: `stone ${i}`, tags: ['stones'] });
    const root = await post(t, a, { content: 'Big', tags: ['Rivers'] });
    await post(t, b, { content: 'Big too', tags: ['Rivers', 'stones'] });
    // Never counted: private messages, replies (even public ones).
    for (const who of [a, b, c]) await post(t, who, { content: 'secret', tags: ['hidden', 'rivers'], publiclyVisible: false });
    await post(t, c, { parentId: root.id, content: 'a reply', tags: ['hidden', 'Rivers'] });

    const tags = await trending();
    expect(tags).toEqual([
      { tag: 'rivers', messages: 3, accounts: 3 },
      { tag: 'stones', messages: 5, accounts: 2 },
      { tag: 'Rivers', messages: 2, accounts: 2 },
    ]);
    expect(await trending('?limit=1')).toEqual([tags[0]]);
    // Anonymous and signed in alike; a signed-in caller sees the same.
    const signed = await call(t, a, 'GET', '/api/tags/trending');
    expect(signed.statusCode).toBe(200);
    expect(signed.json().tags).toEqual(tags);
  });

  it('counts the last 24 hours only, and a scheduled message from its publication', async () => {
    const [a, s] = [await member(t), await subscriber(t)];
    await post(t, a, { content: 'old news', tags: ['old'] });
    t.clock.advance(12 * 3600_000);
    await post(t, a, { content: 'fresh', tags: ['fresh'] });
    const at = new Date(t.clock.now().getTime() + 600_000).toISOString();
    const scheduled = await call(t, s, 'POST', '/api/messages', { content: 'later', tags: ['later'], scheduledAt: at });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect((await trending()).map((x) => x.tag).sort()).toEqual(['fresh', 'old']);

    t.clock.advance(12 * 3600_000 + 120_000);
    expect(await publishDueMessages(t.app.ctx)).toBe(1);
    // "old" is now more than 24 hours old; "later" was published just now.
    expect((await trending()).map((x) => x.tag).sort()).toEqual(['fresh', 'later']);
    // A day and a minute later every use has left the window.
    t.clock.advance(24 * 3600_000 + 60_000);
    expect(await trending()).toEqual([]);
    // Search is not windowed: every tag in use is still found.
    expect(await search('OLD')).toEqual([{ tag: 'old', messages: 1 }]);
  });

  it('a deleted message stops counting with the next fold, in trending and in search', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'one', tags: ['gone'] });
    const m2 = await post(t, a, { content: 'one more', tags: ['gone'] });
    const n = await post(t, b, { content: 'two', tags: ['gone'] });
    expect(await trending()).toEqual([{ tag: 'gone', messages: 3, accounts: 2 }]);
    const remove = async (who: typeof a, id: string) => expect((await call(t, who, 'DELETE', `/api/messages/${id}`)).statusCode).toBe(200);
    // a still has a message with the tag: still two accounts.
    await remove(a, m.id);
    expect(await trending()).toEqual([{ tag: 'gone', messages: 2, accounts: 2 }]);
    await remove(b, n.id);
    expect(await trending()).toEqual([{ tag: 'gone', messages: 1, accounts: 1 }]);
    expect(await search('go')).toEqual([{ tag: 'gone', messages: 1 }]);
    await remove(a, m2.id);
    expect(await trending()).toEqual([]);
    expect(await search('go')).toEqual([]);
  });

  it('a purged account’s messages stop counting', async () => {
    const [a, b] = [await member(t), await member(t)];
    await post(t, a, { content: 'one', tags: ['shared', 'onlyA'] });
    await post(t, b, { content: 'two', tags: ['shared'] });
    const purge = await t.app.inject({ method: 'POST', url: `/api/admin/users/${a.user.id}/purge`, headers: { cookie: t.admin.cookie }, payload: {} });
    expect(purge.statusCode, purge.body).toBe(200);
    expect(purge.json().counts.messages).toBe(1);
    expect(await trending()).toEqual([{ tag: 'shared', messages: 1, accounts: 1 }]);
    expect(await search('o')).toEqual([]);
    expect(await search('s')).toEqual([{ tag: 'shared', messages: 1 }]);
  });

  it('limit is 1 to 50 (default 10); anything else is 400', async () => {
    const a = await member(t);
    await post(t, a, { content: 'many', tags: Array.from({ length: 12 }, (_, i) => `t${String(i).padStart(2, '0')}`) });
    expect(await trending()).toHaveLength(10);
    expect(await trending('?limit=50')).toHaveLength(12);
    for (const bad of ['0', '51', 'x', '-1', '1.5']) expectError(await t.app.inject({ method: 'GET', url: `/api/tags/trending?limit=${bad}` }), 400);
  });
});

describe('the fold of the tag counters', () => {
  it('a read folds by itself once FOLD_EVERY_MS has passed since the last fold, so an answer is at most that far behind', async () => {
    const [a, b] = [await member(t), await member(t)];
    await post(t, a, { content: 'first', tags: ['early'] });
    expect(await trending()).toEqual([{ tag: 'early', messages: 1, accounts: 1 }]);
    await post(t, b, { content: 'second', tags: ['early', 'late'] });
    // Within FOLD_EVERY_MS of the last fold a read answers from the counters as they are.
    t.clock.advance(FOLD_EVERY_MS - 1);
    expect(await read('/api/tags/trending')).toEqual([{ tag: 'early', messages: 1, accounts: 1 }]);
    expect(await read('/api/tags/search?q=la')).toEqual([]);
    // Then the next read folds first: both reads see the second post.
    t.clock.advance(1);
    expect(await read('/api/tags/search?q=la')).toEqual([{ tag: 'late', messages: 1 }]);
    expect(await read('/api/tags/trending')).toEqual([
      { tag: 'early', messages: 2, accounts: 2 },
      { tag: 'late', messages: 1, accounts: 1 },
    ]);
  });

  it('a message deleted before the fold counted it is never counted, and leaves nothing to take off', async () => {
    const a = await member(t);
    const m = await post(t, a, { content: 'brief', tags: ['brief'] });
    expect((await call(t, a, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(200);
    expect(await trending()).toEqual([]);
    expect(await search('bri')).toEqual([]);
    await post(t, a, { content: 'again', tags: ['brief'] });
    expect(await trending()).toEqual([{ tag: 'brief', messages: 1, accounts: 1 }]);
    expect(await search('bri')).toEqual([{ tag: 'brief', messages: 1 }]);
  });

  it('folds running at once (two instances) count every use once', async () => {
    const [a, b] = [await member(t), await member(t)];
    for (let i = 0; i < 5; i++) await post(t, i % 2 ? a : b, { content: `m${i}`, tags: ['twice', `n${i}`] });
    const now = t.clock.now();
    const counted = await Promise.all([foldTags(t.app.ctx.db, now), foldTags(t.app.ctx.db, now), foldTagCounters(t.app.ctx)]);
    expect(counted.reduce((x, y) => x + y, 0)).toBe(10);
    expect((await trending('?limit=1'))[0]).toEqual({ tag: 'twice', messages: 5, accounts: 2 });
    expect(await search('tw')).toEqual([{ tag: 'twice', messages: 5 }]);
  });

  it('a purge folds in its own batch: its author rows are gone before any further fold; replies left orphaned still never count', async () => {
    const [a, b] = [await member(t), await member(t)];
    const root = await post(t, a, { content: 'root', tags: ['kept', 'mine'] });
    await post(t, b, { content: 'other', tags: ['kept'] });
    await post(t, b, { parentId: root.id, content: 'reply', tags: ['kept', 'answer'] });
    expect(await trending()).toEqual([
      { tag: 'kept', messages: 2, accounts: 2 },
      { tag: 'mine', messages: 1, accounts: 1 },
    ]);
    const purge = await t.app.inject({ method: 'POST', url: `/api/admin/users/${a.user.id}/purge`, headers: { cookie: t.admin.cookie }, payload: {} });
    expect(purge.statusCode, purge.body).toBe(200);
    // No fold since the last one (the clock has not moved): what the reads show, the purge folded.
    expect(await read('/api/tags/trending')).toEqual([{ tag: 'kept', messages: 1, accounts: 1 }]);
    expect(await read('/api/tags/search?q=m')).toEqual([]);
    const authors = await t.db.kysely.selectFrom('tag_trend_authors').select('author_id').where('author_id', '=', a.user.id).execute();
    expect(authors).toEqual([]);
    // b's reply lost its parent: orphaned, it is still a reply and never counts.
    expect(await search('a')).toEqual([]);
    expect(await trending()).toEqual([{ tag: 'kept', messages: 1, accounts: 1 }]);
  });

  it('the scheduler’s task folds every tick, and housekeeping runs it too', async () => {
    const a = await member(t);
    await post(t, a, { content: 'ticked', tags: ['tick'] });
    await post(t, a, { content: 'ticked again', tags: ['tick'] });
    await t.app.ctx.runtime.periodic.runOnce();
    expect(await read('/api/tags/search?q=ti')).toEqual([{ tag: 'tick', messages: 2 }]);
    await post(t, a, { content: 'swept', tags: ['sweep'] });
    const cron = await t.app.inject({ method: 'GET', url: '/api/cron/purge-expired', headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(cron.statusCode, cron.body).toBe(200);
    expect(cron.json().tagUses).toBe(1);
    expect(await read('/api/tags/trending')).toEqual([
      { tag: 'tick', messages: 2, accounts: 1 },
      { tag: 'sweep', messages: 1, accounts: 1 },
    ]);
  });
});

describe('GET /api/tags/search', () => {
  it('case-insensitive prefix, tags as written, most used first; private never counts; q literal', async () => {
    const [a, b] = [await member(t), await member(t)];
    await post(t, a, { content: '1', tags: ['Travel', 'travelling', 'tram'] });
    await post(t, b, { content: '2', tags: ['travelling', 'TRAVEL_tips'] });
    await post(t, b, { content: '3', tags: ['travelling'] });
    await post(t, a, { content: '4', tags: ['trapdoor', 'travel%'], publiclyVisible: false });
    expect(await search('TRAV')).toEqual([
      { tag: 'travelling', messages: 3 },
      { tag: 'TRAVEL_tips', messages: 1 },
      { tag: 'Travel', messages: 1 },
    ]);
    expect(await search('tra', '&limit=2')).toEqual([
      { tag: 'travelling', messages: 3 },
      { tag: 'TRAVEL_tips', messages: 1 },
    ]);
    // Wildcards are ordinary characters; a private message's tag is never found.
    expect(await search('travel_')).toEqual([{ tag: 'TRAVEL_tips', messages: 1 }]);
    expect(await search('%')).toEqual([]);
    expect(await search('trap')).toEqual([]);
    expect(await search('x')).toEqual([]);
  });

  it('q is required (1 to 50 characters); limit 1 to 50', async () => {
    for (const url of ['/api/tags/search', '/api/tags/search?q=', `/api/tags/search?q=${'a'.repeat(51)}`, '/api/tags/search?q=a&limit=0', '/api/tags/search?q=a&limit=51']) {
      expectError(await t.app.inject({ method: 'GET', url }), 400);
    }
  });
});
