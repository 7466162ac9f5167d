import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPartitions, viewerOf } from '../../src/features/visibility/service.js';
import { messagePage, searchFilter } from '../../src/features/messages/queries.js';
import { searchIndexer } from '../../src/features/messages/search-index.js';
import { createTestApp, ENGINE, queriesDuring, setUserFields, type TestApp } from '../helpers/app.js';
import { call, follows, member, post, type Member } from './helpers.js';

// GET /api/messages/search answers exactly as the table's `lower(content) LIKE '%q%'` does
// (messagePage with searchFilter, the path every term took before the word path of
// features/messages/queries/word-search.ts): the same total and the same page, for text that tells
// folding from typing (accents precomposed and decomposed, the Kelvin sign, marks inside a word),
// terms inside longer words or across punctuation, CJK, emoji, LIKE's wildcards, and every part
// of the feed's scope (followed and other authors' private messages, blocks either way, mutes,
// viewingPreference), replies, deletes, messages the indexer has not reached, pages past the end.

let t: TestApp;
let readsAll: Member;
let readsFollowing: Member;
let followed: Member;
let stranger: Member;
let blocked: Member;
let blocker: Member;
let muted: Member;

const TEXTS = [
  'Harbor lights at dusk',
  'HARBOR MASTER',
  'the harbors of the north',
  'waterharbor and more',
  'harborside walk',
  'harbor-side walk',
  'harbör kaputt',
  'harbo\u0308r decomposed',
  'Ha\u0301rbor split by a mark',
  'café harbor',
  'cafe\u0301 decomposed',
  '\u212Aelvin scale',
  'kelvin scale',
  'KELVIN',
  'naïve nai\u0308ve',
  'naive',
  'İstanbul',
  'Straße',
  '港口harbor',
  '🚢harbor🚢',
  '100% of the harbor_x',
  'a_b c%d',
  'harbor harbors twice',
  'year 2024 report',
];

const QUERIES = [
  'harbor', 'HARBOR', 'Harbor', 'arbo', 'harbors', 'harborside', 'harbo', 'kelvin', 'elvin', 'naive', 'nai', 'cafe', 'café',
  'istanbul', 'stanbul', 'strasse', 'straße', '港口', '🚢', '%', '_', 'harbor_x', 'bor-s', 'r l', 'ab', 'a', '2024', '202',
  'nomatch', 'bor',
];

async function block(blockerM: Member, blockedM: Member) {
  await t.db.kysely.insertInto('blocks').values({ blocker_id: blockerM.user.id, blocked_id: blockedM.user.id, created_at: t.clock.now().toISOString() }).execute();
}

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  [readsAll, readsFollowing, followed, stranger, blocked, blocker, muted] = await Promise.all(Array.from({ length: 7 }, () => member(t)));
  await setUserFields(t.db, readsFollowing.user.id, { viewing_preference: 'following' });
  readsFollowing = { ...readsFollowing, user: { ...readsFollowing.user, viewing_preference: 'following' } };
  for (const v of [readsAll, readsFollowing]) {
    await follows(t, v, followed);
    await follows(t, v, muted);
    await block(v, blocked);
    await block(blocker, v);
    await t.db.kysely.insertInto('mutes').values({ muter_id: v.user.id, muted_id: muted.user.id, created_at: t.clock.now().toISOString() }).execute();
  }
  const authors = [readsAll, readsFollowing, followed, stranger, blocked, blocker, muted];
  let n = 0;
  for (const text of TEXTS) {
    for (const author of authors) {
      const m = await post(t, author, { content: text, publiclyVisible: n % 3 !== 0 });
      // Every other post shares its time with the one before (the page then orders by id).
      if (n % 2 === 0) t.clock.advance(1000);
      n++;
      if (n % 5 === 0) await post(t, author, { content: `reply ${text}`, parentId: m.id });
    }
  }
  const gone = await post(t, stranger, { content: 'harbor deleted soon' });
  expect((await call(t, stranger, 'DELETE', `/api/messages/${gone.id}`)).statusCode).toBe(200);
  await searchIndexer(t.app.ctx).drain();
});
afterAll(async () => t.close());

/** Today's path (the table's LIKE) for the viewer: the ids of the page and the total. */
async function byTable(who: Member, q: string, limit: number, offset: number, onlyMine = false) {
  const viewer = viewerOf(who.user as never)!;
  const { rows, total } = await messagePage(t.db.kysely, viewer, feedPartitions(viewer), searchFilter(t.db.engine, q, onlyMine ? viewer.id : null), limit, offset);
  return { ids: rows.map((r) => r.id), total };
}

async function byApi(who: Member, q: string, limit: number, offset: number, onlyMine = false) {
  const res = await call(t, who, 'GET', `/api/messages/search?q=${encodeURIComponent(q)}&limit=${limit}&offset=${offset}${onlyMine ? '&onlyMine=true' : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.pagination.limit).toBe(limit);
  expect(body.pagination.offset).toBe(offset);
  expect(body.pagination.hasMore).toBe(offset + body.messages.length < body.pagination.total);
  return { ids: body.messages.map((m: { id: string }) => m.id) as string[], total: body.pagination.total as number };
}

async function expectSameAsTable(who: Member, queries: readonly string[], windows: readonly [number, number][]) {
  for (const q of queries) {
    for (const [limit, offset] of windows) {
      expect(await byApi(who, q, limit, offset), `q=${q} limit=${limit} offset=${offset}`).toEqual(await byTable(who, q, limit, offset));
    }
  }
}

const WINDOWS: [number, number][] = [
  [100, 0],
  [3, 0],
  [3, 4],
  [7, 10],
  [20, 1000],
];

describe('message search: the word path answers as the table does', () => {
  it('for a viewer reading everything and one reading only the followed, at every page', async () => {
    await expectSameAsTable(readsAll, QUERIES, WINDOWS);
    await expectSameAsTable(readsFollowing, QUERIES, WINDOWS);
  });

  it('finds what it should and leaves out folded look-alikes, replies, deleted messages and the hidden authors', async () => {
    const contents = async (who: Member, q: string) => {
      const res = await call(t, who, 'GET', `/api/messages/search?q=${encodeURIComponent(q)}&limit=100`);
      return [...new Set(res.json().messages.map((m: { content: string }) => m.content))].sort();
    };
    expect(await contents(readsAll, 'HARBOR')).toEqual(
      ['100% of the harbor_x', 'HARBOR MASTER', 'Harbor lights at dusk', 'café harbor', 'harbor harbors twice', 'harbor-side walk', 'harborside walk', 'the harbors of the north', 'waterharbor and more', '港口harbor', '🚢harbor🚢'].sort(),
    );
    if (ENGINE === 'sqlite') expect(await contents(readsAll, 'kelvin')).toEqual(['KELVIN', 'kelvin scale']);
    const all = await byApi(readsAll, 'harbor', 100, 0);
    const authorsOf = async (ids: string[]) =>
      new Set((await t.db.kysely.selectFrom('messages').select('user_id').where('id', 'in', ids).execute()).map((r) => r.user_id));
    const seen = await authorsOf(all.ids);
    for (const hidden of [blocked, blocker, muted]) expect(seen.has(hidden.user.id)).toBe(false);
    expect(seen.has(followed.user.id) && seen.has(stranger.user.id)).toBe(true);
    const following = await authorsOf((await byApi(readsFollowing, 'harbor', 100, 0)).ids);
    expect(following.has(stranger.user.id)).toBe(false);
  });

  it('onlyMine, and messages the search indexer has not reached yet', async () => {
    await expectSameAsTable(readsAll, ['harbor'], WINDOWS);
    for (const q of ['harbor', 'kelvin', 'arbo']) expect(await byApi(readsAll, q, 50, 0, true), q).toEqual(await byTable(readsAll, q, 50, 0, true));
    const release = searchIndexer(t.app.ctx).hold();
    try {
      await post(t, followed, { content: 'a harbor not indexed yet', publiclyVisible: false });
      await post(t, stranger, { content: 'harbör not indexed yet' });
      await post(t, muted, { content: 'harbor of a muted author, not indexed yet' });
      const found = await byApi(readsAll, 'harbor', 100, 0);
      expect(found).toEqual(await byTable(readsAll, 'harbor', 100, 0));
      await expectSameAsTable(readsAll, ['harbor', 'arbo', 'indexed'], WINDOWS);
      await expectSameAsTable(readsFollowing, ['harbor', 'arbo'], WINDOWS);
    } finally {
      release();
    }
    await searchIndexer(t.app.ctx).drain();
    await expectSameAsTable(readsAll, ['harbor', 'arbo', 'indexed'], WINDOWS);
  });

  it('SQLite: a term of ASCII letters and digits is answered from the word index, not by the matches\' text (PostgreSQL: by pg_trgm)', async () => {
    const statements = (await queriesDuring(t.db, () => byApi(readsAll, 'harbor', 20, 0))).join('\n');
    const wordPath = ENGINE === 'sqlite';
    expect(statements.includes('message_vocabulary_fts')).toBe(wordPath);
    expect(statements.includes('message_folded_words')).toBe(wordPath);
    // SQLite's table path narrows by the trigram index of every message's text.
    expect(/\bmessages_fts\b/.test(statements)).toBe(false);
    if (!wordPath) expect(statements.includes('lower("messages"."content") like')).toBe(true);
  });
});

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('message search: generated text', () => {
  it('every term, on text made of letters that fold and letters that do not, answers as the table does', async () => {
    const next = random(37);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
    const PIECES = ['ab', 'ra', 'or', 'b', 'A', 'R', 'é', 'e\u0301', '\u212A', 'k', 'K', ' ', '-', '_', '%', '港', '🚢', 'ö', 'o\u0308', '1', '2', 'İ', 'ß', '.', 'a\u0301b'];
    const texts: string[] = [];
    const authors = [readsAll, followed, stranger, muted, blocked];
    const release = searchIndexer(t.app.ctx).hold();
    try {
      for (let i = 0; i < 90; i++) {
        const text = `g ${Array.from({ length: 1 + Math.floor(next() * 10) }, () => pick(PIECES)).join('')}`;
        texts.push(text);
        await post(t, pick(authors), { content: text, publiclyVisible: next() < 0.7 });
        if (i === 60) await searchIndexer(t.app.ctx).drain();
        if (next() < 0.5) t.clock.advance(1000);
      }
      const terms = new Set<string>(['abr', 'rab', 'kab', 'bor', 'ora', 'AbR', '12', '21a']);
      while (terms.size < 45) {
        const chars = [...pick(texts).slice(2)];
        const start = Math.floor(next() * chars.length);
        const term = chars.slice(start, start + 1 + Math.floor(next() * 4)).join('').trim();
        if (term.length > 0) terms.add(term);
      }
      // Indexed and not: the last 29 posts wait for the indexer.
      await expectSameAsTable(readsAll, [...terms], [
        [100, 0],
        [5, 3],
      ]);
    } finally {
      release();
    }
    await searchIndexer(t.app.ctx).drain();
    await expectSameAsTable(readsAll, ['abr', 'rab', 'kab', 'bor', 'ora', 'AbR', '12'], [[100, 0], [5, 3]]);
  });
});
