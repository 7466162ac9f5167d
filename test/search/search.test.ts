import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishDueMessages } from '../../src/features/messages/scheduling.js';
import { searchIndexer } from '../../src/features/messages/search-index.js';
import { rowWords } from '../../src/features/lists/row-words.js';
import { messagesPart } from '../../src/features/messages/user-data.js';
import { matchClientPath } from '../../src/features/web/paths.js';
import { createTestApp, ENGINE, secondInstance, type TestApp } from '../helpers/app.js';
import { call, expectError, follows, member, post, subscriber, type Member } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { share } from '../sharing/helpers.js';
import { BOOKS_SCHEMA, cookieOf, importCsvFile } from '../lists/support.js';

// GET /api/search (CONTRACT.md, "Search across messages, documents and lists"): the fields, the
// 400s, what the caller may read, the rank, and how words, accents, emoji and CJK text match.
// Every test searches words of its own (a random stem), since public messages are everyone's.
// Each runs twice on SQLite: with messages still waiting for the search indexer's batch (read
// from their text) and after it (read from the FTS5 indexes); PostgreSQL's indexes are its own.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

/** A word no other test uses: letters only, so that it is one word to every tokenizer. */
const word = () =>
  `q${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/** `held`: the indexer's batches wait until the test ends; `drained`: each search indexes first. */
let indexing: 'held' | 'drained' = 'held';
let release: (() => void) | null = null;

const search = async (who: Member, params: Record<string, string | number>, bearer = false) => {
  if (indexing === 'drained') await Promise.all([searchIndexer(t.app.ctx).drain(), rowWords(t.app.ctx).drain()]);
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await call(t, who, 'GET', `/api/search?${qs}`, undefined, bearer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: Result[]; pagination: { total: number; limit: number; offset: number; hasMore: boolean } };
};
const ids = async (who: Member, q: string, extra: Record<string, string | number> = {}) => (await search(who, { q, ...extra })).results.map((r) => r.id);

interface Result {
  kind: 'message' | 'document' | 'row';
  id: string;
  listId: string | null;
  title: string;
  snippet: string;
  highlights: [number, number][];
  routePath: string;
  updatedAt: string;
}

const writer = () => subscriber(t, { email_verified: true });

async function createDocument(who: Member, title: string, content: string) {
  const res = await call(t, who, 'POST', '/api/documents', { title, content, isPublic: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document as { id: string; title: string; updatedAt: string };
}

async function createList(who: Member, title: string) {
  const res = await call(t, who, 'POST', '/api/lists', { title, isPublic: false, schema: BOOKS_SCHEMA });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; title: string };
}

async function addRow(who: Member, listId: string, data: Record<string, unknown>) {
  const res = await call(t, who, 'POST', `/api/lists/${listId}/data`, { data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; updatedAt: string };
}

/** The highlighted parts of a result's snippet. */
const marked = (r: Result) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

describe.each(['held', 'drained'] as const)('with the message indexer %s', (mode) => {
  beforeEach(() => {
    indexing = mode;
    if (mode === 'held') release = searchIndexer(t.app.ctx).hold();
  });
  afterEach(() => {
    release?.();
    release = null;
  });

  describe('GET /api/search: the answer', () => {
    it('gives every field of a message, a document and a row, and the pagination envelope', async () => {
      const me = await writer();
      const w = word();
      const message = await post(t, me, { content: `Morning notes on ${w} and coffee` });
      const doc = await createDocument(me, `The ${w} plan`, `# Heading\n\nSome **bold** text about ${w} here.`);
      const list = await createList(me, 'Reading');
      const row = await addRow(me, list.id, { title: `${w} in translation` });

      const body = await search(me, { q: w });
      expect(Object.keys(body).sort()).toEqual(['pagination', 'results']);
      expect(body.pagination).toEqual({ total: 3, limit: 20, offset: 0, hasMore: false });
      const byKind = Object.fromEntries(body.results.map((r) => [r.kind, r]));
      for (const r of body.results) expect(Object.keys(r).sort()).toEqual(['highlights', 'id', 'kind', 'listId', 'routePath', 'snippet', 'title', 'updatedAt']);

      expect(byKind.message).toEqual({
        kind: 'message',
        id: message.id,
        listId: null,
        title: `Morning notes on ${w} and coffee`,
        snippet: `Morning notes on ${w} and coffee`,
        highlights: [[17, 17 + w.length]],
        routePath: `/messages/${message.id}`,
        updatedAt: message.updatedAt,
      });
      expect(byKind.document).toEqual({
        kind: 'document',
        id: doc.id,
        listId: null,
        title: `The ${w} plan`,
        snippet: `Heading Some bold text about ${w} here.`,
        highlights: [[29, 29 + w.length]],
        routePath: `/documents/${doc.id}`,
        updatedAt: doc.updatedAt,
      });
      expect(byKind.row).toMatchObject({ kind: 'row', id: row.id, listId: list.id, title: 'Reading', routePath: `/lists/${list.id}`, updatedAt: row.updatedAt });
      expect(marked(byKind.row)).toEqual([w]);
      expect(byKind.row.snippet).toContain(`${w} in translation`);
      // Each routePath is a web client page for that item.
      expect(matchClientPath(byKind.message.routePath)).toMatchObject({ path: { screen: 'message' }, param: message.id });
      expect(matchClientPath(byKind.document.routePath)).toMatchObject({ path: { screen: 'document' }, param: doc.id });
      expect(matchClientPath(byKind.row.routePath)).toMatchObject({ path: { screen: 'list' }, param: list.id });
    });

    it('a message title is its first 80 characters; a long text’s snippet is at most 240 characters around the match', async () => {
      const me = await writer();
      const w = word();
      const long = `${'lorem ipsum dolor sit amet '.repeat(10)}${w} ${'consectetur adipiscing elit '.repeat(10)}`;
      const message = await post(t, me, { content: long });
      const [r] = (await search(me, { q: w })).results;
      expect(r.id).toBe(message.id);
      expect(r.title).toBe(long.slice(0, 80));
      expect(r.snippet.length).toBeLessThanOrEqual(240);
      expect(long).toContain(r.snippet);
      expect(marked(r)).toEqual([w]);
    });

    it('types narrows the kinds; a bearer token is as good as the cookie', async () => {
      const me = await writer();
      const w = word();
      await post(t, me, { content: w });
      await createDocument(me, w, 'body');
      const list = await createList(me, 'L');
      await addRow(me, list.id, { title: w });
      const kinds = async (types?: string, bearer = false) => (await search(me, { q: w, ...(types ? { types } : {}) }, bearer)).results.map((r) => r.kind).sort();
      expect(await kinds()).toEqual(['document', 'message', 'row']);
      expect(await kinds('messages')).toEqual(['message']);
      expect(await kinds('documents,rows')).toEqual(['document', 'row']);
      expect(await kinds('rows,messages', true)).toEqual(['message', 'row']);
    });

    it('pages: limit and offset, total and hasMore, a page past the end still counts', async () => {
      const me = await writer();
      const w = word();
      for (let i = 0; i < 5; i++) {
        await post(t, me, { content: `${w} number ${i}` });
        t.clock.advance(1000);
      }
      const first = await search(me, { q: w, limit: 2 });
      expect(first.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
      const second = await search(me, { q: w, limit: 2, offset: 2 });
      expect(second.pagination).toEqual({ total: 5, limit: 2, offset: 2, hasMore: true });
      const last = await search(me, { q: w, limit: 2, offset: 4 });
      expect(last.pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });
      const all = [...first.results, ...second.results, ...last.results].map((r) => r.snippet);
      expect(all).toEqual([4, 3, 2, 1, 0].map((i) => `${w} number ${i}`));
      const beyond = await search(me, { q: w, limit: 2, offset: 10 });
      expect(beyond).toEqual({ results: [], pagination: { total: 5, limit: 2, offset: 10, hasMore: false } });
      expect((await search(me, { q: w, limit: 50 })).results).toHaveLength(5);
    });

    it('a query of punctuation only finds nothing', async () => {
      const me = await writer();
      expect(await search(me, { q: '!?.,;' })).toEqual({ results: [], pagination: { total: 0, limit: 20, offset: 0, hasMore: false } });
    });
  });

  describe('GET /api/search: bad input', () => {
    it('400 for a missing, blank or over-200-character q, a bad types, limit outside 1..50, a bad offset; 401 without credentials', async () => {
      const me = await member(t);
      const bad = async (query: string) => expectError(await call(t, me, 'GET', `/api/search?${query}`), 400, 'bad_request');
      await bad('');
      await bad('q=');
      await bad('q=%20%20%20');
      await bad(`q=${'a'.repeat(201)}`);
      await bad('q=a&types=');
      await bad('q=a&types=messages,people');
      await bad('q=a&types=message');
      await bad('q=a&limit=0');
      await bad('q=a&limit=51');
      await bad('q=a&limit=ten');
      await bad('q=a&offset=-1');
      // 200 characters after trimming is fine, however much space is around them.
      expect((await call(t, me, 'GET', `/api/search?q=${encodeURIComponent(`  ${'a'.repeat(200)}  `)}`)).statusCode).toBe(200);
      expect((await call(t, me, 'GET', `/api/search?q=${'é'.repeat(200)}`)).statusCode).toBe(200);
      expectError(await call(t, null, 'GET', '/api/search?q=a'), 401);
    });
  });

  describe('GET /api/search: only what the caller may read', () => {
    it('messages: own (public and private), public ones, followed accounts’ private ones; not an unfollowed account’s private ones, nor replies', async () => {
      const me = await member(t);
      const friend = await member(t, { is_private: true });
      const stranger = await member(t, { is_private: true });
      await follows(t, me, friend);
      const w = word();
      const mine = await post(t, me, { content: `${w} mine`, publiclyVisible: false });
      const pub = await post(t, stranger, { content: `${w} public` });
      const friends = await post(t, friend, { content: `${w} friend only`, publiclyVisible: false });
      await post(t, stranger, { content: `${w} stranger only`, publiclyVisible: false });
      await post(t, me, { content: `${w} a reply`, parentId: pub.id });
      expect((await ids(me, w)).sort()).toEqual([mine.id, pub.id, friends.id].sort());
      // The stranger's own view has their private message; the friend's does not have mine.
      expect(await ids(friend, w)).not.toContain(mine.id);
    });

    it('never a blocked, blocking or muted author’s messages', async () => {
      const me = await member(t);
      const blocked = await member(t);
      const blocker = await member(t);
      const muted = await member(t);
      const fine = await member(t);
      const w = word();
      await post(t, blocked, { content: `${w} from blocked` });
      await post(t, blocker, { content: `${w} from blocker` });
      await post(t, muted, { content: `${w} from muted` });
      const ok = await post(t, fine, { content: `${w} from fine` });
      expect((await ids(me, w)).length).toBe(4);
      expect((await call(t, me, 'POST', `/api/users/${blocked.user.username}/block`)).statusCode).toBeLessThan(300);
      expect((await call(t, blocker, 'POST', `/api/users/${me.user.username}/block`)).statusCode).toBeLessThan(300);
      expect((await call(t, me, 'POST', `/api/users/${muted.user.username}/mute`)).statusCode).toBeLessThan(300);
      expect(await ids(me, w)).toEqual([ok.id]);
    });

    it('documents and list rows: own, and shared directly or through an organization; not a revoked grant, a link, or anybody else’s', async () => {
      const owner = await writer();
      const me = await writer();
      const w = word();
      const direct = await createDocument(owner, `${w} direct`, 'x');
      const viaOrg = await createDocument(owner, `${w} via org`, 'x');
      const revoked = await createDocument(owner, `${w} revoked`, 'x');
      const linked = await createDocument(owner, `${w} linked`, 'x');
      await createDocument(owner, `${w} private`, 'x');
      const sharedList = await createList(owner, 'Shared');
      const sharedRow = await addRow(owner, sharedList.id, { title: `${w} shared row` });
      const otherList = await createList(owner, 'Not shared');
      await addRow(owner, otherList.id, { title: `${w} other row` });
      const linkedList = await createList(owner, 'Linked');
      await addRow(owner, linkedList.id, { title: `${w} linked row` });
      const ownList = await createList(me, 'Mine');
      const ownRow = await addRow(me, ownList.id, { title: `${w} own row` });
      const ownDoc = await createDocument(me, `${w} own`, 'x');

      await share(t, owner, 'documents', direct.id, { username: me.user.username, role: 'viewer' });
      const org = await newOrg(t, owner);
      await join(t, org, me, 'member');
      await share(t, owner, 'documents', viaOrg.id, { orgSlug: org.slug, role: 'viewer' });
      const grant = await share(t, owner, 'documents', revoked.id, { username: me.user.username, role: 'editor' });
      await share(t, owner, 'lists', sharedList.id, { username: me.user.username, role: 'viewer' });
      expect((await call(t, owner, 'POST', `/api/documents/${linked.id}/share-links`, { access: 'view' })).statusCode).toBe(201);
      expect((await call(t, owner, 'POST', `/api/lists/${linkedList.id}/share-links`, { access: 'view' })).statusCode).toBe(201);

      expect((await ids(me, w)).sort()).toEqual([direct.id, viaOrg.id, revoked.id, sharedRow.id, ownRow.id, ownDoc.id].sort());
      expect((await call(t, owner, 'DELETE', `/api/documents/${revoked.id}/collaborators/${grant.id}`)).statusCode).toBe(200);
      expect((await ids(me, w)).sort()).toEqual([direct.id, viaOrg.id, sharedRow.id, ownRow.id, ownDoc.id].sort());
      // The owner sees all their own, and none of mine.
      expect(await ids(owner, w)).toHaveLength(8);
    });

    it('deleted documents and rows, and edited-away text, are not found; edited-in text is', async () => {
      const me = await writer();
      const w = word();
      const doc = await createDocument(me, 'Notes', `about ${w}`);
      const list = await createList(me, 'L');
      const row = await addRow(me, list.id, { title: `${w} row` });
      const later = word();
      expect((await ids(me, w)).sort()).toEqual([doc.id, row.id].sort());
      expect((await call(t, me, 'PATCH', `/api/documents/${doc.id}`, { content: `about ${later}` })).statusCode).toBe(200);
      expect((await call(t, me, 'PUT', `/api/lists/${list.id}/data`, { rowId: row.id, data: { title: `${later} row` } })).statusCode).toBe(200);
      expect(await ids(me, w)).toEqual([]);
      expect((await ids(me, later)).sort()).toEqual([doc.id, row.id].sort());
      expect((await call(t, me, 'DELETE', `/api/documents/${doc.id}`)).statusCode).toBe(200);
      expect((await call(t, me, 'DELETE', `/api/lists/${list.id}/data/${row.id}`)).statusCode).toBe(200);
      expect(await ids(me, later)).toEqual([]);
    });
  });

  describe('GET /api/search: rank and matching', () => {
    it('all the words before some, title before body, then newest', async () => {
      const me = await writer();
      const a = word();
      const b = word();
      const someOld = await post(t, me, { content: `${a} alone, older` });
      t.clock.advance(1000);
      const allBody = await createDocument(me, 'Untitled', `${b} and ${a} in the body`);
      t.clock.advance(1000);
      const someNew = await post(t, me, { content: `${b} alone, newer` });
      t.clock.advance(1000);
      const someTitle = await createDocument(me, `${a} in the title`, 'body');
      t.clock.advance(1000);
      const allTitle = await createDocument(me, `${a} ${b}`, 'nothing');
      t.clock.advance(1000);
      const allMessage = await post(t, me, { content: `${a} then ${b}` });
      expect(await ids(me, `${a} ${b}`)).toEqual([allTitle.id, allMessage.id, allBody.id, someTitle.id, someNew.id, someOld.id]);
    });

    it('whole words and prefixes, not the middle of a word; case and accents ignored', async () => {
      const me = await member(t);
      const w = word();
      const whole = await post(t, me, { content: `The ${w} is here` });
      const longer = await post(t, me, { content: `Many ${w}ing things` });
      const inside = await post(t, me, { content: `un${w} inside a word` });
      if (ENGINE === 'sqlite') {
        await search(me, { q: w });
        const { rows } = await sql<{ fts_rowid: number | null }>`select fts_rowid from messages where id = ${inside.id}`.execute(t.db.kysely);
        expect(rows[0].fts_rowid === null).toBe(mode === 'held');
      }
      expect((await ids(me, w)).sort()).toEqual([whole.id, longer.id].sort());
      expect((await ids(me, w.slice(0, 5).toUpperCase())).sort()).toEqual([whole.id, longer.id].sort());
      expect(await ids(me, `${w}ing`)).toEqual([longer.id]);

      const cafe = word();
      const accented = await post(t, me, { content: `Le Café ${cafe}: crème brûlée à Zürich`, publiclyVisible: false });
      const plain = await post(t, me, { content: `the cafe ${cafe} has creme brulee`, publiclyVisible: false });
      for (const q of [`café ${cafe}`, `cafe ${cafe}`, `CAFÉ ${cafe}`, `crème ${cafe}`, `brulee ${cafe}`]) {
        expect((await ids(me, q)).sort(), q).toEqual([accented.id, plain.id].sort());
      }
      const [hit] = (await search(me, { q: `zurich ${cafe}` })).results;
      expect(hit.id).toBe(accented.id);
      expect(marked(hit)).toEqual([cafe, 'Zürich']);
    });

    // Private messages: the other run's posts (another user's) are not found here.
    it('emoji, and Chinese and Japanese text by substring (in messages, documents and rows)', async () => {
      const me = await writer();
      const w = word();
      const tower = await post(t, me, { content: `${w} 東京タワーに行きました`, publiclyVisible: false });
      const emoji = await post(t, me, { content: `${w} party time 🎉🎉 tonight`, publiclyVisible: false });
      const doc = await createDocument(me, '会议记录', `${w} 我们讨论了全文搜索的实现方案。`);
      const list = await createList(me, 'L');
      const row = await addRow(me, list.id, { title: `${w} 大阪城 🏯` });
      expect(await ids(me, `京タ ${w}`)).toEqual([tower.id, ...(await ids(me, w)).filter((id) => id !== tower.id)]);
      const [towerHit, ...others] = (await search(me, { q: '京タ' })).results;
      expect(others).toEqual([]);
      expect(towerHit.id).toBe(tower.id);
      expect(marked(towerHit)).toEqual(['京タ']);
      const tokyo = await search(me, { q: '東京タワー' });
      expect(tokyo.results.map((r) => r.id)).toContain(tower.id);
      const party = (await search(me, { q: '🎉' })).results.filter((r) => r.id === emoji.id);
      expect(party).toHaveLength(1);
      expect(marked(party[0])).toEqual(['🎉', '🎉']);
      expect((await ids(me, '全文搜索'))).toContain(doc.id);
      expect((await ids(me, '搜索'))).toContain(doc.id);
      expect((await ids(me, '记录'))).toContain(doc.id);
      expect(await ids(me, '阪城', { types: 'rows' })).toContain(row.id);
      expect(await ids(me, '🏯', { types: 'rows' })).toContain(row.id);
      expect(await ids(me, '京都タワー')).not.toContain(tower.id);
    });
  });
});

// The word index of messages (message_words, migration 032) answers a query of words from the
// index alone: the visibility is applied to the authors it keeps, and a word's count and newest
// page come from its ranges (queries.ts). These tests pin that to what the caller may read, at
// once after each change, whether the term starts one word (the count by parts) or several.
// SQLite: an import's rows' words are written by batches after it (lists/row-words.ts, migration
// 037); held, the rows are still owed and matched on their text; drained, each search writes them
// first. An edit or a delete of an owed row must count before and after its batch alike.
describe.each(['held', 'drained'] as const)('GET /api/search: imported rows, their words %s', (mode) => {
  beforeEach(() => {
    indexing = mode;
    if (mode === 'held') release = rowWords(t.app.ctx).hold();
  });
  afterEach(() => {
    release?.();
    release = null;
  });

  /** How many word ranges are still owed (SQLite; none on PostgreSQL, whose index is written with the rows). */
  const owed = async () =>
    ENGINE === 'sqlite' ? Number((await sql<{ n: number }>`select count(*) as n from list_rows_words_pending`.execute(t.db.kysely)).rows[0].n) : 0;

  it('finds the rows of a CSV import (over one write chunk) as soon as it ends, and after their words are written; an edited or deleted row counts at once', async () => {
    const me = await writer();
    const list = await createList(me, 'Imported');
    const [w, later, upper, accented] = [word(), word(), word(), word()];
    // More lines than one multi-row insert (1,000 rows) writes; and case and accents to ignore.
    const count = 1203;
    const lines = [...Array.from({ length: count }, (_, i) => `${w} book ${i}`), `${upper.toUpperCase()} plain`, `Crème ${accented}É`];
    const csv = `title\n${lines.join('\n')}\n`;
    expect(await importCsvFile(t, cookieOf(me), list.id, csv)).toMatchObject({ status: 'done', inserted: count + 2 });
    if (mode === 'held' && ENGINE === 'sqlite') expect(await owed()).toBeGreaterThan(0);
    expect((await search(me, { q: w, limit: 1 })).pagination.total).toBe(count);
    expect(await ids(me, upper)).toHaveLength(1);
    expect(await ids(me, `creme ${accented}e`)).toHaveLength(1);
    const [edited] = (await search(me, { q: `${w} 1202` })).results;
    expect(edited).toMatchObject({ kind: 'row', listId: list.id, snippet: expect.stringContaining(`${w} book 1202`) });
    const [trashed] = (await search(me, { q: `${w} 1201` })).results;
    expect(trashed).toMatchObject({ kind: 'row', snippet: expect.stringContaining(`${w} book 1201`) });

    expect((await call(t, me, 'PUT', `/api/lists/${list.id}/data`, { rowId: edited.id, data: { title: `${later} book` } })).statusCode).toBe(200);
    expect((await call(t, me, 'DELETE', `/api/lists/${list.id}/data/${trashed.id}`)).statusCode).toBe(200);
    // A row added after the import is numbered after its rows, and found too.
    const added = await addRow(me, list.id, { title: `${later} added` });
    const expectFound = async () => {
      expect((await search(me, { q: w, limit: 1 })).pagination.total).toBe(count - 2);
      expect((await ids(me, later)).sort()).toEqual([edited.id, added.id].sort());
      expect(await ids(me, `${w} 1201`, { types: 'rows', limit: 50 })).not.toContain(trashed.id);
    };
    await expectFound();
    if (mode === 'held' && ENGINE === 'sqlite') expect(await owed()).toBeGreaterThan(0);

    // Once the batches have written the words, the index answers the same.
    await rowWords(t.app.ctx).drain();
    expect(await owed()).toBe(0);
    await expectFound();
    // The trashed row, restored, is found by its words again.
    expect((await call(t, me, 'POST', `/api/lists/${list.id}/data/${trashed.id}/restore`)).statusCode).toBe(200);
    expect(await ids(me, `${w} 1201`, { types: 'rows', limit: 1 })).toEqual([trashed.id]);
  });

  it('the words an import still owes when its app stops are written by the next app to start', async () => {
    const me = await writer();
    const list = await createList(me, 'Imported, then a restart');
    const w = word();
    const count = 30;
    const csv = `title\n${Array.from({ length: count }, (_, i) => `${w} line ${i}`).join('\n')}\n`;
    expect(await importCsvFile(t, cookieOf(me), list.id, csv)).toMatchObject({ status: 'done', inserted: count });
    if (mode === 'held' && ENGINE === 'sqlite') expect(await owed()).toBeGreaterThan(0);
    const next = await secondInstance(t);
    try {
      await rowWords(next.ctx).settled();
      expect(await owed()).toBe(0);
      const res = await next.inject({ method: 'GET', url: `/api/search?q=${w}&types=rows&limit=1`, headers: { cookie: me.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pagination.total).toBe(count);
    } finally {
      await next.close();
    }
  });
});

// Held: the messages are not in message_words yet (SQLite) and are read from their text.
describe.each(['held', 'drained'] as const)('GET /api/search: messages from their word index, the indexer %s', (mode) => {
  beforeEach(() => {
    indexing = mode;
    if (mode === 'held') release = searchIndexer(t.app.ctx).hold();
  });
  afterEach(() => {
    release?.();
    release = null;
  });

  /** Every id of a query's results, read a page of `limit` at a time; and the total each page gave. */
  async function allPages(who: Member, q: string, limit: number) {
    const seen: string[] = [];
    const totals = new Set<number>();
    for (let offset = 0; ; offset += limit) {
      const body = await search(who, { q, limit, offset });
      totals.add(body.pagination.total);
      seen.push(...body.results.map((r) => r.id));
      if (!body.pagination.hasMore) break;
    }
    return { ids: seen, totals: [...totals] };
  }

  it('counts and pages exactly what the caller may read, newest first, the other kinds merged in rank', async () => {
    const me = await writer();
    const friend = await member(t, { is_private: true });
    const stranger = await member(t);
    const blocked = await member(t);
    const blocker = await member(t);
    const muted = await member(t);
    await follows(t, me, friend);
    const w = word();
    const at = async (make: () => Promise<{ id: string }>) => {
      t.clock.advance(1000);
      return (await make()).id;
    };
    const expected = [
      await at(() => post(t, stranger, { content: `${w} public` }) as Promise<{ id: string }>),
      await at(() => post(t, friend, { content: `${w} for followers`, publiclyVisible: false }) as Promise<{ id: string }>),
      await at(() => post(t, me, { content: `my own ${w}`, publiclyVisible: false }) as Promise<{ id: string }>),
      await at(() => createDocument(me, 'Notes', `a body with ${w}`)),
      await at(() => post(t, friend, { content: `${w} in public too` }) as Promise<{ id: string }>),
      await at(async () => addRow(me, (await createList(me, 'L')).id, { title: `${w} row` })),
      await at(() => post(t, me, { content: `${w} mine, public` }) as Promise<{ id: string }>),
    ].reverse();
    const docTitle = await at(() => createDocument(me, `${w} in a title`, 'x'));
    // Not for me: a stranger's private message, a reply, blocked, blocking and muted authors.
    await post(t, stranger, { content: `${w} private`, publiclyVisible: false });
    const top = await post(t, stranger, { content: 'a thread' });
    await post(t, stranger, { content: `${w} a reply`, parentId: top.id });
    for (const who of [blocked, blocker, muted]) await post(t, who, { content: `${w} hidden later` });
    expect((await call(t, me, 'POST', `/api/users/${blocked.user.username}/block`)).statusCode).toBeLessThan(300);
    expect((await call(t, blocker, 'POST', `/api/users/${me.user.username}/block`)).statusCode).toBeLessThan(300);
    expect((await call(t, me, 'POST', `/api/users/${muted.user.username}/mute`)).statusCode).toBeLessThan(300);

    // The title match ranks first; then newest first across messages, documents and rows.
    for (const limit of [1, 2, 3, 50]) expect(await allPages(me, w, limit), `limit ${limit}`).toEqual({ ids: [docTitle, ...expected], totals: [expected.length + 1] });
    expect((await search(me, { q: w, types: 'messages' })).pagination.total).toBe(5);
    expect(await search(me, { q: w, limit: 2, offset: 20 })).toEqual({ results: [], pagination: { total: 8, limit: 2, offset: 20, hasMore: false } });
    // The friend, who follows nobody, has their own two, the stranger's and my public ones, and
    // those of the three authors I hide (not my private one).
    expect((await search(friend, { q: w, types: 'messages' })).pagination.total).toBe(2 + 2 + 3);
  });

  it('a change leaves the count at once: a delete, an unfollow, a mute, a block, a publish, a purge', async () => {
    const me = await writer();
    const friend = await member(t);
    const other = await member(t);
    const leaving = await member(t);
    await follows(t, me, friend);
    const w = word();
    const total = async () => (await search(me, { q: w })).pagination.total;
    const gone = await post(t, other, { content: `${w} one` });
    await post(t, other, { content: `${w} two` });
    await post(t, friend, { content: `${w} private`, publiclyVisible: false });
    await post(t, friend, { content: `${w} public` });
    await post(t, leaving, { content: `${w} from an account that goes` });
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    expect((await call(t, me, 'POST', '/api/messages', { content: `${w} later`, scheduledAt })).statusCode).toBe(201);
    expect(await total()).toBe(5);

    expect((await call(t, other, 'DELETE', `/api/messages/${gone.id}`)).statusCode).toBe(200);
    expect(await total()).toBe(4);
    expect((await call(t, me, 'DELETE', `/api/users/${friend.user.username}/follow`)).statusCode).toBe(200);
    expect(await total()).toBe(3);
    expect((await call(t, me, 'POST', `/api/users/${other.user.username}/mute`)).statusCode).toBeLessThan(300);
    expect(await total()).toBe(2);
    expect((await call(t, friend, 'POST', `/api/users/${me.user.username}/block`)).statusCode).toBeLessThan(300);
    expect(await total()).toBe(1);
    t.clock.advance(2 * 3_600_000);
    await publishDueMessages(t.app.ctx);
    const [published] = (await search(me, { q: w })).results;
    expect(published).toMatchObject({ kind: 'message', snippet: `${w} later`, updatedAt: t.clock.now().toISOString() });
    expect(await total()).toBe(2);
    // A purge (or an account's deletion) removes the author's messages a batch at a time.
    await t.db.kysely.transaction().execute((trx) => messagesPart.removeBatch(t.app.ctx, trx, leaving.user.id, 100));
    expect(await total()).toBe(1);
  });

  it('viewingPreference following: own and followed authors only, public and private', async () => {
    const me = await member(t);
    const friend = await member(t);
    const stranger = await member(t);
    await follows(t, me, friend);
    await t.db.kysely.updateTable('users').set({ viewing_preference: 'following' }).where('id', '=', me.user.id).execute();
    const w = word();
    const mine = await post(t, me, { content: `${w} mine` });
    t.clock.advance(1000);
    const theirs = await post(t, friend, { content: `${w} private`, publiclyVisible: false });
    t.clock.advance(1000);
    const open = await post(t, friend, { content: `${w} public` });
    await post(t, stranger, { content: `${w} stranger` });
    const body = await search(me, { q: w });
    expect(body.results.map((r) => r.id)).toEqual([open.id, theirs.id, mine.id]);
    expect(body.pagination.total).toBe(3);
  });

  it('a term that starts several words counts and pages each message once, all terms before some', async () => {
    const me = await member(t);
    const w = word();
    const both = await post(t, me, { content: `${w}a and ${w}b` });
    t.clock.advance(1000);
    const one = await post(t, me, { content: `${w}a alone` });
    t.clock.advance(1000);
    const other = await post(t, me, { content: `${w}b alone` });
    expect(await allPages(me, w, 1)).toEqual({ ids: [other.id, one.id, both.id], totals: [3] });
    expect(await allPages(me, `${w}a`, 1)).toEqual({ ids: [one.id, both.id], totals: [2] });
    expect(await allPages(me, `${w}a ${w}b`, 1)).toEqual({ ids: [both.id, other.id, one.id], totals: [3] });
  });

  it('keeps one row per distinct word of a published top-level message, and none of a reply or a scheduled one', async () => {
    const me = await writer();
    const w = word();
    const words = async (id: string) => {
      await searchIndexer(t.app.ctx).drain();
      return (await t.db.kysely.selectFrom('message_words').select('word').where('message_id', '=', id).execute()).map((r) => r.word).sort();
    };
    const m = await post(t, me, { content: `Café ${w} CAFE café ${w.toUpperCase()} 42` });
    expect(await words(m.id)).toEqual(['42', 'cafe', w].sort());
    const reply = await post(t, me, { content: `${w} reply`, parentId: m.id });
    expect(await words(reply.id)).toEqual([]);
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const later = (await call(t, me, 'POST', '/api/messages', { content: `${w} later`, scheduledAt })).json().data as { id: string };
    expect(await words(later.id)).toEqual([]);
    expect((await call(t, me, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(200);
    expect(await words(m.id)).toEqual([]);
  });
});
