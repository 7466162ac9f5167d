import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.js';
import { call, createDoc, expectStatus, writer } from './helpers.js';

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
