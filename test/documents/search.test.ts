import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchCache } from '../../src/features/documents/search-cache.js';
import { createTestApp, ENGINE, queriesDuring, type TestApp } from '../helpers/app.js';
import { call, createDoc, createFolder, expectStatus, writer } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

const search = async (who: Awaited<ReturnType<typeof writer>>, q: string, extra = '') =>
  expectStatus(await call(t, who, 'GET', `/api/documents/search?q=${encodeURIComponent(q)}${extra}`), 200);

describe('GET /api/documents/search', () => {
  it('answers the spec shape: documents with exactly the listed fields plus revision, and pagination', async () => {
    const a = await writer(t);
    const doc = await createDoc(t, a, { title: 'Aardvark habits', content: 'They dig.' });
    const body = await search(a, 'aardvark');
    expect(Object.keys(body).sort()).toEqual(['documents', 'pagination']);
    expect(body.documents).toEqual([
      { id: doc.id, title: doc.title, content: doc.content, folderId: null, isPublic: false, createdAt: doc.createdAt, updatedAt: doc.updatedAt, revision: 1 },
    ]);
    expect(body.pagination).toEqual({ total: 1, limit: 20, offset: 0, hasMore: false });
  });

  it('matches title or content, any case, any part of a word, only the caller’s own live documents', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const inTitle = await createDoc(t, a, { title: 'Photosynthesis basics' });
    const inContent = await createDoc(t, a, { title: 'Plants', content: 'All about PHOTOSYNTHESIS in leaves.' });
    await createDoc(t, a, { title: 'Unrelated', content: 'nothing here' });
    await createDoc(t, b, { title: 'Photosynthesis (someone else)', isPublic: true });
    const gone = await createDoc(t, a, { title: 'Photosynthesis deleted' });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${gone.id}`), 200);
    const ids = (await search(a, 'synthes')).documents.map((d: any) => d.id);
    expect(ids.sort()).toEqual([inTitle.id, inContent.id].sort());
    expect((await search(a, 'Photo')).documents).toHaveLength(2);
    expect((await search(a, 'zzzz-not-there')).documents).toEqual([]);
  });

  it('finds Chinese, Japanese and Korean text, including two-character words and one character', async () => {
    const a = await writer(t);
    const zh = await createDoc(t, a, { title: '会议记录', content: '我们讨论了全文搜索的实现方案。' });
    const ja = await createDoc(t, a, { title: '日本語のメモ', content: '東京で全文検索について話しました。' });
    const ko = await createDoc(t, a, { title: '회의록', content: '한국어 문서 검색이 잘 작동합니다.' });
    const cases: [string, string[]][] = [
      ['全文搜索', [zh.id]],
      ['搜索', [zh.id]],
      ['记录', [zh.id]],
      ['全文', [zh.id, ja.id]],
      ['東京', [ja.id]],
      ['全文検索', [ja.id]],
      ['メモ', [ja.id]],
      ['日本語', [ja.id]],
      ['한국어', [ko.id]],
      ['문서 검색', [ko.id]],
      ['검색', [ko.id]],
      ['록', [ko.id]],
    ];
    for (const [q, expected] of cases) {
      const ids = (await search(a, q)).documents.map((d: any) => d.id);
      expect(ids.sort(), q).toEqual([...expected].sort());
    }
  });

  it('ranks title matches before content matches, then the most recently updated', async () => {
    const a = await writer(t);
    const contentOld = await createDoc(t, a, { title: 'First', content: 'a note about kumquats' });
    t.clock.advance(1000);
    const titleOld = await createDoc(t, a, { title: 'Kumquat jam', content: 'sugar' });
    t.clock.advance(1000);
    const contentNew = await createDoc(t, a, { title: 'Third', content: 'more kumquats' });
    t.clock.advance(1000);
    const titleNew = await createDoc(t, a, { title: 'Kumquat tree', content: 'kumquat' });
    const ids = (await search(a, 'kumquat')).documents.map((d: any) => d.id);
    expect(ids).toEqual([titleNew.id, titleOld.id, contentNew.id, contentOld.id]);
  });

  it('pages with limit and offset', async () => {
    const a = await writer(t);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await createDoc(t, a, { title: `Page item ${i}`, content: 'wombat' });
    }
    const p1 = await search(a, 'wombat', '&limit=2');
    expect(p1.documents.map((d: any) => d.title)).toEqual(['Page item 4', 'Page item 3']);
    expect(p1.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    const p3 = await search(a, 'wombat', '&limit=2&offset=4');
    expect(p3.documents.map((d: any) => d.title)).toEqual(['Page item 0']);
    expect(p3.pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });
    const beyond = await search(a, 'wombat', '&offset=10');
    expect(beyond.documents).toEqual([]);
    expect(beyond.pagination.total).toBe(5);
  });

  it('treats LIKE wildcards, quotes and FTS syntax in the term as plain text', async () => {
    const a = await writer(t);
    const pct = await createDoc(t, a, { title: 'Discount', content: 'save 100% today' });
    const quoted = await createDoc(t, a, { title: 'Quote', content: 'he said "hello world" AND left' });
    await createDoc(t, a, { title: 'Other', content: 'save 1000 today' });
    expect((await search(a, '100%')).documents.map((d: any) => d.id)).toEqual([pct.id]);
    expect((await search(a, '"hello world"')).documents.map((d: any) => d.id)).toEqual([quoted.id]);
    expect((await search(a, 'd" AND l')).documents.map((d: any) => d.id)).toEqual([quoted.id]);
    expect((await search(a, 'NEAR(x')).documents).toEqual([]);
    expect((await search(a, '_')).documents).toEqual([]);
  });

  it('uses the text index: FTS5 on SQLite, pg_trgm GIN indexes on PostgreSQL', async () => {
    if (ENGINE === 'sqlite') {
      const { sql } = await import('kysely');
      const rows = await sql<{ name: string }>`select name from sqlite_master where name = 'documents_fts'`.execute(t.db.kysely);
      expect(rows.rows).toHaveLength(1);
    } else {
      const { sql } = await import('kysely');
      const rows = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'documents' and indexdef like '%gin_trgm_ops%' order by indexname`.execute(t.db.kysely);
      expect(rows.rows.map((r) => r.indexname)).toEqual(['documents_content_trgm_idx', 'documents_title_trgm_idx']);
      await sql`set enable_seqscan = off`.execute(t.db.kysely);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from documents where lower(content) like '%wombat%'`.execute(t.db.kysely);
      await sql`set enable_seqscan = on`.execute(t.db.kysely);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/documents_content_trgm_idx/);
    }
  });

  it('400 for an empty, blank-free over-long or missing term and for limit out of range; 401 anonymous', async () => {
    const a = await writer(t);
    for (const qs of ['', '?q=', `?q=${'x'.repeat(201)}`, '?q=x&limit=0', '?q=x&limit=101', '?q=x&offset=-1', '?q=x&limit=abc', '?q=x&extra=1']) {
      const res = await call(t, a, 'GET', `/api/documents/search${qs}`);
      if (qs === '?q=x&extra=1') expect(res.statusCode).toBeLessThan(500);
      else expectStatus(res, 400);
    }
    expectStatus(await call(t, null, 'GET', '/api/documents/search?q=x'), 401);
    // Free users may search (reading is open).
    const free = await writer(t, { customer_status: 'free' });
    expectStatus(await call(t, free, 'GET', '/api/documents/search?q=x'), 200);
  });
});

describe('GET /api/documents/search after writes (answers are kept per sync stamp)', () => {
  const ids = async (who: Awaited<ReturnType<typeof writer>>, q: string, extra = '') => {
    const body = await search(who, q, extra);
    return { ids: body.documents.map((d: any) => d.id), total: body.pagination.total };
  };

  it('a repeated search is answered from the kept ids: the matching query does not run again', async () => {
    const a = await writer(t);
    await createDoc(t, a, { title: 'Okapi', content: 'an okapi in the forest' });
    const first = await queriesDuring(t.db, () => ids(a, 'okapi'));
    const again = await queriesDuring(t.db, async () => expect((await ids(a, 'okapi')).total).toBe(1));
    // The credential (two reads on SQLite) and the page with the stamp: nothing searches again.
    expect(again.length).toBeLessThan(first.length);
    expect(again.length).toBeLessThanOrEqual(3);
    expect(again.filter((q) => /documents_fts|like/i.test(q))).toEqual([]);
  });

  it('reflects every write at once: create, edits into and out of a match, a title edit re-ranks, delete, restore, folder delete, sync push', async () => {
    const a = await writer(t);
    const b = await writer(t);
    const d1 = await createDoc(t, a, { title: 'Zebra notes', content: 'about the quagga' });
    t.clock.advance(1000);
    const d2 = await createDoc(t, a, { title: 'Other', content: 'a quagga herd', relativePath: 'herd.md' });
    expect(await ids(a, 'quagga')).toEqual({ ids: [d2.id, d1.id], total: 2 });

    t.clock.advance(1000);
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${d1.id}`, { title: 'Quagga facts' }), 200);
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id, d2.id], total: 2 });

    t.clock.advance(1000);
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${d2.id}`, { content: 'a zebra herd' }), 200);
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id], total: 1 });
    expect(await ids(a, 'zebra herd')).toEqual({ ids: [d2.id], total: 1 });

    t.clock.advance(1000);
    const d3 = await createDoc(t, a, { title: 'Third', content: 'QUAGGA again' });
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id, d3.id], total: 2 });
    // Another user's writes change nothing for this one.
    await createDoc(t, b, { title: 'Quagga of b', content: 'quagga' });
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id, d3.id], total: 2 });

    expectStatus(await call(t, a, 'DELETE', `/api/documents/${d1.id}`), 200);
    expect(await ids(a, 'quagga')).toEqual({ ids: [d3.id], total: 1 });
    t.clock.advance(1000);
    expectStatus(await call(t, a, 'POST', `/api/documents/${d1.id}/restore`), 200);
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id, d3.id], total: 2 });

    const folder = await createFolder(t, a, 'Field trips');
    t.clock.advance(1000);
    const d4 = await createDoc(t, a, { title: 'Trip', content: 'saw a quagga', folderId: folder.id });
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id, d4.id, d3.id], total: 3 });
    expect(await ids(a, 'quagga', '&limit=1&offset=1')).toEqual({ ids: [d4.id], total: 3 });
    expectStatus(await call(t, a, 'DELETE', `/api/documents/folders/${folder.id}`), 200);
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id, d3.id], total: 2 });

    const pushed = await call(t, a, 'POST', '/api/documents/sync', {
      operations: [{ op: 'update', type: 'document', path: d3.relativePath, data: { content: 'nothing left', baseRevision: d3.revision } }],
    });
    expectStatus(pushed, 200);
    expect(await ids(a, 'quagga')).toEqual({ ids: [d1.id], total: 1 });
  });

  it('answers concurrent identical searches alike, before and after a write', async () => {
    const a = await writer(t);
    const docs = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      docs.push(await createDoc(t, a, { title: `Tapir ${i}`, content: 'tapir' }));
    }
    const burst = async () => Promise.all(Array.from({ length: 8 }, () => ids(a, 'tapir', '&limit=2')));
    expect(new Set((await burst()).map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify({ ids: [docs[2].id, docs[1].id], total: 3 })]));
    expectStatus(await call(t, a, 'DELETE', `/api/documents/${docs[2].id}`), 200);
    expect(new Set((await burst()).map((r) => JSON.stringify(r)))).toEqual(new Set([JSON.stringify({ ids: [docs[1].id, docs[0].id], total: 2 })]));
  });

  it('reflects writes for one- and two-character terms too', async () => {
    const a = await writer(t);
    const d1 = await createDoc(t, a, { title: '予報', content: '明日の天気' });
    expect(await ids(a, '天気')).toEqual({ ids: [d1.id], total: 1 });
    t.clock.advance(1000);
    const d2 = await createDoc(t, a, { title: '天気', content: '晴れ' });
    expect(await ids(a, '天気')).toEqual({ ids: [d2.id, d1.id], total: 2 });
    expectStatus(await call(t, a, 'PATCH', `/api/documents/${d1.id}`, { content: '明日は雨' }), 200);
    expect(await ids(a, '天気')).toEqual({ ids: [d2.id], total: 1 });
    expect(await ids(a, '雨')).toEqual({ ids: [d1.id], total: 1 });
  });

  it('ranks a title match first whatever its letter case, beyond ASCII too', async () => {
    const a = await writer(t);
    const inTitle = await createDoc(t, a, { title: 'ÄPFELKUCHEN Rezept', content: 'Mehl, Zucker' });
    t.clock.advance(1000);
    const inContent = await createDoc(t, a, { title: 'Backen', content: 'Heute gibt es Äpfelkuchen' });
    expect(await ids(a, 'äpfelkuchen')).toEqual({ ids: [inTitle.id, inContent.id], total: 2 });
    expect(await ids(a, 'ÄPFELKUCHEN')).toEqual({ ids: [inTitle.id, inContent.id], total: 2 });
  });

  it('takes % and _ literally in short and long terms', async () => {
    const a = await writer(t);
    const snake = await createDoc(t, a, { title: 'Naming', content: 'use snake_case here, 5% of the time' });
    await createDoc(t, a, { title: 'Other', content: 'use snakeXcase here, 50 of the time' });
    expect(await ids(a, 'e_c')).toEqual({ ids: [snake.id], total: 1 });
    expect(await ids(a, '_')).toEqual({ ids: [snake.id], total: 1 });
    expect(await ids(a, '5%')).toEqual({ ids: [snake.id], total: 1 });
    expect(await ids(a, '%')).toEqual({ ids: [snake.id], total: 1 });
  });
});

describe('SearchCache', () => {
  const list = (n: number, prefix = 'd') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

  it('keeps a user\'s ids per term with the stamp they belong to; a newer stamp drops the older entries', () => {
    const c = new SearchCache(1000, 4);
    c.set('u1', 5, 'kiwi', ['a', 'b']);
    expect(c.get('u1', 'kiwi')).toEqual({ stamp: 5, ids: ['a', 'b'] });
    expect(c.get('u1', 'Kiwi')).toBeUndefined();
    expect(c.get('u2', 'kiwi')).toBeUndefined();
    c.set('u1', 6, 'lime', ['c']);
    expect(c.get('u1', 'kiwi')).toBeUndefined();
    expect(c.size).toBe(1);
    // A search that read an older stamp and finished late does not replace the newer entries.
    c.set('u1', 5, 'kiwi', ['a', 'b']);
    expect(c.get('u1', 'lime')).toEqual({ stamp: 6, ids: ['c'] });
    expect(c.get('u1', 'kiwi')).toBeUndefined();
    expect(c.size).toBe(1);
  });

  it('shares one computation among concurrent loads of the same user, stamp and term', async () => {
    const c = new SearchCache(1000, 4);
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const compute = async () => {
      runs++;
      await gate;
      return ['a', 'b'];
    };
    const loads = [c.load('u1', 3, 'fig', compute), c.load('u1', 3, 'fig', compute), c.load('u1', 4, 'fig', compute)];
    release();
    expect(await Promise.all(loads)).toEqual([['a', 'b'], ['a', 'b'], ['a', 'b']]);
    expect(runs).toBe(2); // stamps 3 and 4
    expect(c.get('u1', 'fig')).toEqual({ stamp: 4, ids: ['a', 'b'] });
    // A failed computation is not kept: the next load computes again.
    await expect(c.load('u1', 5, 'pear', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await c.load('u1', 5, 'pear', async () => ['p'])).toEqual(['p']);
  });

  it('is bounded: ids in all (least recently used users go first), terms per user, and no oversized result', () => {
    const c = new SearchCache(100, 2);
    c.set('u1', 1, 'a', list(20));
    c.set('u2', 1, 'a', list(20));
    c.set('u3', 1, 'a', list(20));
    expect(c.get('u1', 'a')?.ids).toHaveLength(20); // u1 is now the most recently used
    c.set('u4', 1, 'a', list(25));
    c.set('u5', 1, 'a', list(25));
    expect(c.size).toBeLessThanOrEqual(100);
    expect(c.get('u2', 'a')).toBeUndefined();
    expect(c.get('u1', 'a')?.ids).toHaveLength(20);
    expect(c.get('u5', 'a')?.ids).toHaveLength(25);

    c.set('u1', 1, 'b', list(1));
    c.set('u1', 1, 'c', list(1));
    expect(c.get('u1', 'a')).toBeUndefined(); // two terms per user: the least recently used went
    expect(c.get('u1', 'c')?.ids).toEqual(['d0']);

    c.set('u6', 1, 'big', list(26));
    expect(c.get('u6', 'big')).toBeUndefined();
  });
});
