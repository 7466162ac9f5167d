import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishDueMessages } from '../../src/features/messages/scheduling.js';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { call, expectError, member, post, subscriber } from './helpers.js';

// Tag discovery through the HTTP API (CONTRACT, Utility helpers): trending over the last 24 hours
// ranked by distinct authors then messages, prefix search; private messages, replies and
// unpublished ones never count; deleted and purged messages stop counting at once. Each test has
// an app of its own, so the rankings hold only its own tags.

let t: AdminTestApp;
beforeEach(async () => {
  t = await createAdminApp({ smtp: false });
});
afterEach(async () => t.close());

const trending = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tags/trending${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tags as { tag: string; messages: number; accounts: number }[];
};
const search = async (q: string, extra = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/tags/search?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().tags as { tag: string; messages: number }[];
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
    // The window's edge moves by the minute.
    t.clock.advance(24 * 3600_000 + 60_000);
    expect(await trending()).toEqual([]);
    // Search is not windowed: every tag in use is still found.
    expect(await search('OLD')).toEqual([{ tag: 'old', messages: 1 }]);
  });

  it('a deleted message stops counting at once, in trending and in search', async () => {
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
