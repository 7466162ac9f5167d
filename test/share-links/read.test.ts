import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { BOOKS_SCHEMA } from '../lists/support.js';
import type { Member } from '../messages/helpers.js';
import { expectAnswer, LINK_NOT_FOUND, makeDocument, makeLink, makeList, makeRow, send, verified } from './support.js';

// Reading through a link (CONTRACT, "Reading through a link"): public, the item and its owner, the
// list's rows in the list data read's shape; a link that does not work, whatever the reason, is
// the same 404 body for body.

let t: TestApp;
let owner: Member;
let list: string;
let doc: { id: string; revision: number };

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  owner = await verified(t);
  list = await makeList(t, owner, { title: 'Reading', description: 'Books to read' });
  for (const n of [1, 2, 3]) await makeRow(t, owner, list, { title: `Book ${n}`, pages: 100 * n });
  doc = await makeDocument(t, owner, { title: 'Plan', content: '# Plan\n\nsecret plan' });
});
afterAll(async () => t.close());

const shared = (token: string, rest = '') => `/api/shared/${token}${rest}`;

describe('GET /api/shared/{token}', () => {
  it('a list link: kind, access, the list with its schema (the List schema object), the owner; anonymous', async () => {
    const link = await makeLink(t, owner, 'list', list, { access: 'view' });
    const body = expectAnswer(await send(t, null, 'GET', shared(link.token)), 200);
    const own = expectAnswer(await send(t, owner, 'GET', `/api/lists/${list}`), 200).data;
    expect(body).toEqual({
      kind: 'list',
      access: 'view',
      list: { id: list, title: 'Reading', description: 'Books to read', schema: own.schema },
      owner: { username: owner.user.username, displayName: expect.any(String) },
    });
    expect(body.list.schema.fields.map((f: { key: string }) => f.key)).toEqual(BOOKS_SCHEMA.fields.map((f) => f.key));
    // Signed in, the same answer.
    const other = await verified(t);
    expect(expectAnswer(await send(t, other, 'GET', shared(link.token)), 200)).toEqual(body);
  });

  it('a document link: the document’s id, title, content, revision and updatedAt, and the owner', async () => {
    const link = await makeLink(t, owner, 'document', doc.id, { access: 'edit' });
    const body = expectAnswer(await send(t, null, 'GET', shared(link.token)), 200);
    const own = expectAnswer(await send(t, owner, 'GET', `/api/documents/${doc.id}`), 200).document;
    expect(body).toEqual({
      kind: 'document',
      access: 'edit',
      document: { id: doc.id, title: 'Plan', content: '# Plan\n\nsecret plan', revision: own.revision, updatedAt: own.updatedAt },
      owner: { username: owner.user.username, displayName: expect.any(String) },
    });
  });
});

describe('GET /api/shared/{token}/data', () => {
  it('answers the list data read’s shape, page for page', async () => {
    const link = await makeLink(t, owner, 'list', list);
    for (const query of ['', '?limit=2', '?limit=2&offset=2', '?offset=10']) {
      const through = expectAnswer(await send(t, null, 'GET', shared(link.token, `/data${query}`)), 200);
      const own = expectAnswer(await send(t, owner, 'GET', `/api/lists/${list}/data${query}`), 200);
      expect(through).toEqual(own);
    }
    const page = expectAnswer(await send(t, null, 'GET', shared(link.token, '/data?limit=2')), 200);
    expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 0, hasMore: true });
    expect(page.data[0]).toMatchObject({ id: expect.any(String), data: { title: 'Book 1', pages: 100 }, createdAt: expect.any(String), updatedAt: expect.any(String) });
  });

  it('refuses a bad page with 400 (and only limit and offset are taken)', async () => {
    const link = await makeLink(t, owner, 'list', list);
    for (const query of ['?limit=0', '?limit=201', '?offset=-1', '?limit=abc', '?sort=title']) {
      expectAnswer(await send(t, null, 'GET', shared(link.token, `/data${query}`)), 400, 'bad_request');
    }
  });

  it('a document’s link has no rows: 404', async () => {
    const link = await makeLink(t, owner, 'document', doc.id);
    const res = expectAnswer(await send(t, null, 'GET', shared(link.token, '/data')), 404, 'not_found');
    expect(res.error).toMatch(/document/);
  });
});

describe('a link that does not work: 404 with the same body in every case', () => {
  const paths = ['', '/data'];

  async function expectGone(token: string) {
    for (const rest of paths) expect(expectAnswer(await send(t, null, 'GET', shared(token, rest)), 404), `${token}${rest}`).toEqual(LINK_NOT_FOUND);
  }

  it('unknown tokens, and tokens of any other form', async () => {
    const link = await makeLink(t, owner, 'list', list);
    for (const token of ['0'.repeat(64), link.token.toUpperCase(), link.token.slice(1), `${link.token}0`, 'x', '%20', link.id]) await expectGone(token);
  });

  it('revoked', async () => {
    const link = await makeLink(t, owner, 'list', list);
    expectAnswer(await send(t, owner, 'DELETE', `/api/lists/${list}/share-links/${link.id}`), 200);
    await expectGone(link.token);
  });

  it('expired: works until its expiresAt, not at it', async () => {
    const at = new Date(t.clock.now().getTime() + 3600_000);
    const link = await makeLink(t, owner, 'list', list, { access: 'view', expiresAt: at.toISOString() });
    t.clock.set(new Date(at.getTime() - 1));
    expectAnswer(await send(t, null, 'GET', shared(link.token)), 200);
    expectAnswer(await send(t, null, 'GET', shared(link.token, '/data')), 200);
    t.clock.set(at);
    await expectGone(link.token);
    t.clock.advance(24 * 3600_000);
    await expectGone(link.token);
  });

  it('the list deleted (its links go with it)', async () => {
    const gone = await makeList(t, owner, { title: 'Short-lived' });
    const link = await makeLink(t, owner, 'list', gone);
    expectAnswer(await send(t, owner, 'DELETE', `/api/lists/${gone}`), 200);
    await expectGone(link.token);
    expect(await t.db.kysely.selectFrom('share_links').select('id').where('id', '=', link.id).executeTakeFirst()).toBeUndefined();
  });

  it('the document in the trash; restored, the link works again', async () => {
    const binned = await makeDocument(t, owner, { title: 'Binned', content: 'words' });
    const link = await makeLink(t, owner, 'document', binned.id);
    expectAnswer(await send(t, owner, 'DELETE', `/api/documents/${binned.id}`), 200);
    await expectGone(link.token);
    expectAnswer(await send(t, owner, 'POST', `/api/documents/${binned.id}/restore`), 200);
    expectAnswer(await send(t, null, 'GET', shared(link.token)), 200);
  });
});

describe('lastUsedAt', () => {
  it('is recorded at a use, then at most once a minute; reads and writes alike', async () => {
    const link = await makeLink(t, owner, 'list', list, { access: 'view' });
    const lastUsed = async () => (await t.db.kysely.selectFrom('share_links').select('last_used_at').where('id', '=', link.id).executeTakeFirstOrThrow()).last_used_at;
    expect(await lastUsed()).toBeNull();
    const first = t.clock.now().toISOString();
    expectAnswer(await send(t, null, 'GET', shared(link.token)), 200);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(59_999);
    expectAnswer(await send(t, null, 'GET', shared(link.token, '/data')), 200);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(1);
    expectAnswer(await send(t, null, 'GET', shared(link.token, '/data')), 200);
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
    // A link that does not work records nothing.
    const expired = await makeLink(t, owner, 'list', list, { access: 'view', expiresAt: new Date(t.clock.now().getTime() + 1000).toISOString() });
    t.clock.advance(1000);
    expectAnswer(await send(t, null, 'GET', shared(expired.token)), 404);
    expect((await t.db.kysely.selectFrom('share_links').select('last_used_at').where('id', '=', expired.id).executeTakeFirstOrThrow()).last_used_at).toBeNull();
  });
});
