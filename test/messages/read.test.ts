import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, queriesDuring, type TestApp } from '../helpers/app.js';
import { newId } from '../../src/lib/ids.js';
import { call, expectError, follows, member, post, type Member } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const ids = (res: { json(): any }) => res.json().messages.map((m: { id: string }) => m.id);

/** A fresh world per test: its own tag so feeds can be narrowed to it. */
async function world() {
  const [author, follower, stranger] = [await member(t), await member(t), await member(t)];
  await follows(t, follower, author);
  const tag = `w${newId().slice(-8)}`;
  const pub = await post(t, author, { content: 'public post', tags: [tag] });
  t.clock.advance(1000);
  const priv = await post(t, author, { content: 'private post', publiclyVisible: false, tags: [tag] });
  t.clock.advance(1000);
  return { author, follower, stranger, tag, pub, priv };
}

describe('GET /api/messages/{id}', () => {
  it('public messages are readable by anyone; private ones only by the author and followers (else 404)', async () => {
    const { author, follower, stranger, pub, priv } = await world();
    expect((await call(t, null, 'GET', `/api/messages/${pub.id}`)).json()).toMatchObject({ id: pub.id, content: 'public post', dugByMe: false });
    for (const who of [author, follower]) {
      const res = await call(t, who, 'GET', `/api/messages/${priv.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(priv.id);
    }
    expect((await call(t, follower, 'GET', `/api/messages/${priv.id}`, undefined, true)).statusCode).toBe(200);
    for (const who of [null, stranger] as (Member | null)[]) expectError(await call(t, who, 'GET', `/api/messages/${priv.id}`), 404);
    expectError(await call(t, null, 'GET', `/api/messages/${newId()}`), 404);
    expectError(await call(t, null, 'GET', `/api/messages/${'x'.repeat(65)}`), 400);
  });

  it('shows digCount, dugByMe and replyCount to each viewer', async () => {
    const { author, follower, pub } = await world();
    await call(t, follower, 'POST', `/api/messages/${pub.id}/dig`);
    await post(t, follower, { content: 'reply', parentId: pub.id });
    expect((await call(t, follower, 'GET', `/api/messages/${pub.id}`)).json()).toMatchObject({ digCount: 1, dugByMe: true, replyCount: 1 });
    expect((await call(t, author, 'GET', `/api/messages/${pub.id}`)).json()).toMatchObject({ digCount: 1, dugByMe: false, replyCount: 1 });
  });
});

describe('GET /api/messages/{id}/replies', () => {
  it('lists the replies the viewer may read, oldest first; a private message’s replies are 404 to others', async () => {
    const { author, follower, stranger, pub, priv } = await world();
    const r1 = await post(t, stranger, { content: 'first' });
    void r1;
    const a = await post(t, stranger, { content: 'reply 1', parentId: pub.id });
    t.clock.advance(1000);
    const b = await post(t, author, { content: 'reply 2 (private)', parentId: pub.id, publiclyVisible: false });
    t.clock.advance(1000);
    const res = await call(t, null, 'GET', `/api/messages/${pub.id}/replies`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { id: string }) => m.id)).toEqual([a.id]);
    expect((await call(t, follower, 'GET', `/api/messages/${pub.id}/replies`)).json().map((m: { id: string }) => m.id)).toEqual([a.id, b.id]);
    // replyCount counts only the replies the viewer may read.
    expect((await call(t, null, 'GET', `/api/messages/${pub.id}`)).json().replyCount).toBe(1);
    expect((await call(t, stranger, 'GET', `/api/messages/${pub.id}`)).json().replyCount).toBe(1);
    expect((await call(t, follower, 'GET', `/api/messages/${pub.id}`)).json().replyCount).toBe(2);
    expect((await call(t, author, 'GET', `/api/messages/${pub.id}`)).json().replyCount).toBe(2);
    expect(Array.isArray((await call(t, author, 'GET', `/api/messages/${priv.id}/replies`)).json())).toBe(true);
    expectError(await call(t, null, 'GET', `/api/messages/${priv.id}/replies`), 404);
    expectError(await call(t, stranger, 'GET', `/api/messages/${priv.id}/replies`), 404);
  });
});

describe('GET /api/messages (the feed)', () => {
  it('anonymous: public only; signed in: public, own and followed (private included)', async () => {
    const { author, follower, stranger, tag, pub, priv } = await world();
    const strangerPost = await post(t, stranger, { content: 'stranger', tags: [tag] });
    const strangerPrivate = await post(t, stranger, { content: 'stranger private', tags: [tag], publiclyVisible: false });
    const q = `/api/messages?tag=${tag}`;
    expect(ids(await call(t, null, 'GET', q))).toEqual([strangerPost.id, pub.id]);
    expect(ids(await call(t, follower, 'GET', q))).toEqual([strangerPost.id, priv.id, pub.id]);
    expect(ids(await call(t, author, 'GET', q, undefined, true))).toEqual([strangerPost.id, priv.id, pub.id]);
    expect(ids(await call(t, stranger, 'GET', q))).toEqual([strangerPrivate.id, strangerPost.id, pub.id]);
  });

  it('viewingPreference following narrows to own and followed users', async () => {
    const { author, follower, stranger, tag, pub, priv } = await world();
    const other = await post(t, stranger, { content: 'not followed', tags: [tag] });
    void other;
    await t.db.kysely.updateTable('users').set({ viewing_preference: 'following' }).where('id', '=', follower.user.id).execute();
    const mine = await post(t, follower, { content: 'mine', tags: [tag] });
    expect(ids(await call(t, follower, 'GET', `/api/messages?tag=${tag}`))).toEqual([mine.id, priv.id, pub.id]);
    void author;
  });

  it('onlyMine, case-sensitive tags, limit/offset with pagination; onlyMine needs credentials', async () => {
    const a = await member(t);
    const tag = `T${newId().slice(-8)}`;
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(await post(t, a, { content: `n${i}`, tags: [tag] }));
      t.clock.advance(1000);
    }
    await post(t, a, { content: 'lower', tags: [tag.toLowerCase()] });
    const newestFirst = made.map((m) => m.id).reverse();
    const page1 = await call(t, null, 'GET', `/api/messages?tag=${tag}&limit=2`);
    expect(ids(page1)).toEqual(newestFirst.slice(0, 2));
    expect(page1.json().pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    const page3 = await call(t, null, 'GET', `/api/messages?tag=${tag}&limit=2&offset=4`);
    expect(ids(page3)).toEqual(newestFirst.slice(4));
    expect(page3.json().pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });

    const mine = await call(t, a, 'GET', '/api/messages?onlyMine=true&limit=100');
    expect(mine.json().pagination.total).toBe(6);
    expect(mine.json().messages.every((m: { user: { id: string } }) => m.user.id === a.user.id)).toBe(true);
    expectError(await call(t, null, 'GET', '/api/messages?onlyMine=true'), 401);
    const d = (await call(t, null, 'GET', '/api/messages')).json().pagination;
    expect(d.limit).toBe(20);
    expect(d.offset).toBe(0);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'onlyMine=maybe', 'limit=x']) expectError(await call(t, null, 'GET', `/api/messages?${bad}`), 400);
  });

  it('counts pagination.total over exactly the messages each viewer may read', async () => {
    const { author, follower, stranger, tag } = await world();
    await t.db.kysely.updateTable('users').set({ customer_status: 'subscriber' }).where('id', '=', author.user.id).execute();
    await call(t, author, 'POST', '/api/messages', { content: 'scheduled', tags: [tag], scheduledAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() });
    await post(t, stranger, { content: 'stranger private', tags: [tag], publiclyVisible: false });
    await post(t, follower, { content: 'follower public', tags: [tag] });
    const following = await member(t, { viewing_preference: 'following' });
    await follows(t, following, author);
    for (const who of [null, author, follower, stranger, following] as (Member | null)[]) {
      const body = (await call(t, who, 'GET', `/api/messages?tag=${tag}&limit=100`)).json();
      expect(body.pagination.total).toBe(body.messages.length);
    }
    expect((await call(t, following, 'GET', `/api/messages?tag=${tag}`)).json().pagination.total).toBe(2);
    expect((await call(t, follower, 'GET', `/api/messages?tag=${tag}`)).json().pagination.total).toBe(3);
  });

  it('costs a fixed number of queries whatever the page size (no N+1)', async () => {
    const a = await member(t);
    const b = await member(t);
    const tag = `q${newId().slice(-8)}`;
    for (let i = 0; i < 12; i++) {
      const m = await post(t, a, { content: `q${i}`, tags: [tag] });
      await post(t, b, { pushedMessageId: m.id, tags: [tag] });
      await call(t, b, 'POST', `/api/messages/${m.id}/dig`);
    }
    const counted = async (limit: number) => {
      // Listeners of the events above (notifications) run after their writes: let them finish,
      // and let the session's hourly use-record happen outside the count.
      await t.app.ctx.events.idle();
      await call(t, b, 'GET', `/api/messages?tag=${tag}&limit=1`);
      await t.app.ctx.events.idle();
      const queries = await queriesDuring(t.db, async () => {
        const res = await call(t, b, 'GET', `/api/messages?tag=${tag}&limit=${limit}`);
        expect(res.json().messages.length).toBe(limit);
      });
      return queries.length;
    };
    const small = await counted(2);
    const large = await counted(24);
    expect(large).toBe(small);
    // The credential (and on SQLite its user, looked up apart), the read-cache version, the page,
    // its total, the pushed messages, the reply counts.
    expect(large).toBeLessThanOrEqual(7);
  });
});

describe('GET /api/messages/search', () => {
  it('matches a case-insensitive substring of top-level messages in the feed scope; % and _ are literal', async () => {
    const { author, follower, stranger } = await world();
    const word = `zq${newId().slice(-6)}`;
    const a = await post(t, author, { content: `Hello ${word.toUpperCase()} world` });
    const b = await post(t, author, { content: `private ${word}`, publiclyVisible: false });
    await post(t, author, { content: `reply ${word}`, parentId: a.id });
    const pct = await post(t, stranger, { content: `${word} 100% sure_thing` });
    const x = await post(t, stranger, { content: `${word} 100x surexthing` });

    const s = async (who: Member, q: string, extra = '') => ids(await call(t, who, 'GET', `/api/messages/search?q=${encodeURIComponent(q)}${extra}`));
    expect(await s(follower, word)).toEqual([x.id, pct.id, b.id, a.id]);
    expect(await s(stranger, word)).toEqual([x.id, pct.id, a.id]);
    expect(await s(follower, `${word} 100%`)).toEqual([pct.id]);
    expect(await s(follower, `${word.toUpperCase()} 100_`)).toEqual([]);
    expect(await s(follower, `sure_thing`)).toContain(pct.id);
    expect(await s(follower, `sure_thing`)).not.toContain(x.id);
    expect(await s(author, word, '&onlyMine=true')).toEqual([b.id, a.id]);
    // viewingPreference following: only own and followed.
    await t.db.kysely.updateTable('users').set({ viewing_preference: 'following' }).where('id', '=', follower.user.id).execute();
    expect(await s(follower, word)).toEqual([b.id, a.id]);
    const page = await call(t, author, 'GET', `/api/messages/search?q=${word}&limit=1&offset=1`);
    expect(page.json().pagination).toEqual({ total: 4, limit: 1, offset: 1, hasMore: true });
  });

  it('finds terms with FTS syntax, quotes, short terms and other scripts literally', async () => {
    const a = await member(t);
    const terms = ['say "hi" now', 'x* AND y OR NEAR(z)', 'ab', '日本', '東京の天気', 'C:\\path\\100%_done', "it's -not- ^col:1"];
    const made: Record<string, string> = {};
    for (const term of terms) made[term] = (await post(t, a, { content: `before ${term} after ${newId().slice(-6)}` })).id;
    for (const term of terms) {
      const res = await call(t, a, 'GET', `/api/messages/search?q=${encodeURIComponent(term)}&onlyMine=true&limit=100`);
      expect(res.statusCode, `${term}: ${res.body}`).toBe(200);
      expect(res.json().messages.map((m: { id: string }) => m.id), term).toContain(made[term]);
    }
    expect((await call(t, a, 'GET', `/api/messages/search?q=${encodeURIComponent('SAY "HI"')}&onlyMine=true`)).json().messages.map((m: { id: string }) => m.id)).toEqual([made[terms[0]]]);
    // Deleted messages are not found.
    await call(t, a, 'DELETE', `/api/messages/${made[terms[0]]}`);
    expect((await call(t, a, 'GET', `/api/messages/search?q=${encodeURIComponent('say "hi"')}&onlyMine=true`)).json().messages).toEqual([]);
  });

  it('answers 400 for an empty or over-200 q, a missing q, or limit above 100; 401 without credentials', async () => {
    const a = await member(t);
    for (const q of ['q=', `q=${'a'.repeat(201)}`, '', 'q=x&limit=101', 'q=x&limit=0', 'q=x&offset=-1']) {
      expectError(await call(t, a, 'GET', `/api/messages/search?${q}`), 400);
    }
    expect((await call(t, a, 'GET', `/api/messages/search?q=${'a'.repeat(200)}&limit=100`)).statusCode).toBe(200);
    expectError(await call(t, null, 'GET', '/api/messages/search?q=x'), 401);
    const d = (await call(t, a, 'GET', '/api/messages/search?q=x', undefined, true)).json().pagination;
    expect([d.limit, d.offset]).toEqual([20, 0]);
  });
});

describe('GET /api/user/{username}/messages', () => {
  it('public messages of the user; only the owner also sees private ones (not followers); unknown 404', async () => {
    const { author, follower, stranger, pub, priv } = await world();
    const url = `/api/user/${author.user.username}/messages`;
    expect(ids(await call(t, null, 'GET', url))).toEqual([pub.id]);
    expect(ids(await call(t, stranger, 'GET', url))).toEqual([pub.id]);
    expect(ids(await call(t, author, 'GET', url))).toEqual([priv.id, pub.id]);
    // The spec: "the user's public messages; the owner also sees private ones" — a follower is not the owner.
    expect(ids(await call(t, follower, 'GET', url))).toEqual([pub.id]);
    expect((await call(t, follower, 'GET', url, undefined, true)).json().pagination).toEqual({ total: 1, limit: 20, offset: 0, hasMore: false });
    expect((await call(t, author, 'GET', `${url}?limit=1`)).json().pagination).toEqual({ total: 2, limit: 1, offset: 0, hasMore: true });
    // The follower still reads the private message where the spec lets followers: its own page.
    expect((await call(t, follower, 'GET', `/api/messages/${priv.id}`)).statusCode).toBe(200);
    expect((await call(t, null, 'GET', '/api/user/nobody_zz/messages')).json()).toEqual({ error: 'user_not_found', code: 'user_not_found' });
    // The plural spelling is not this feed.
    expectError(await call(t, null, 'GET', `/api/users/${author.user.username}/messages`), 404);
  });
});
