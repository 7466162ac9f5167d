import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import type { Member } from '../messages/helpers.js';
import { expectAnswer, LINK_NOT_FOUND, makeDocument, makeLink, makeList, PATHS, send, verified, type Kind } from './support.js';

// Making, listing and revoking share links (CONTRACT, Sharing and collaboration): the owner's
// operations on lists and documents alike; the token shown once and stored only as its hash.

let t: TestApp;
let owner: Member;
let other: Member;
const items: Record<Kind, string> = { list: '', document: '' };

beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { PUBLIC_URL: 'https://lists.example.org' } });
  owner = await verified(t);
  other = await verified(t);
  items.list = await makeList(t, owner);
  items.document = (await makeDocument(t, owner)).id;
});
afterAll(async () => t.close());

const base = (kind: Kind, id = items[kind]) => `/api/${PATHS[kind]}/${id}/share-links`;
const YEAR = 365 * 24 * 3600_000;

describe.each(['list', 'document'] as const)('share links of a %s', (kind) => {
  it('POST: 201 with the link and its URL (<PUBLIC_URL>/s/<token>, 256 random bits as hex), no expiry by default', async () => {
    const res = await send(t, owner, 'POST', base(kind), { access: 'edit' });
    const { shareLink } = expectAnswer(res, 201);
    expect(Object.keys(shareLink).sort()).toEqual(['access', 'createdAt', 'expiresAt', 'id', 'url']);
    expect(shareLink).toMatchObject({ access: 'edit', expiresAt: null, createdAt: t.clock.now().toISOString() });
    expect(shareLink.url).toMatch(/^https:\/\/lists\.example\.org\/s\/[0-9a-f]{64}$/);
    // Two links never share a token.
    const again = expectAnswer(await send(t, owner, 'POST', base(kind), { access: 'edit' }), 201).shareLink;
    expect(again.url).not.toBe(shareLink.url);
  });

  it('stores only the token’s hash: the token is nowhere in the database row', async () => {
    const link = await makeLink(t, owner, kind, items[kind]);
    const row = await t.db.kysely.selectFrom('share_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect(row).toMatchObject({ user_id: owner.user.id, access: 'view', [`${kind}_id`]: items[kind], [`${kind === 'list' ? 'document' : 'list'}_id`]: null });
  });

  it('expiresAt: in the future and at most a year away, else 400; kept as given (UTC)', async () => {
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    for (const expiresAt of [at(0), at(-1000), at(YEAR + 1), '2020-01-01T00:00:00Z']) {
      expectAnswer(await send(t, owner, 'POST', base(kind), { access: 'view', expiresAt }), 400, 'bad_request');
    }
    expect(expectAnswer(await send(t, owner, 'POST', base(kind), { access: 'view', expiresAt: at(1) }), 201).shareLink.expiresAt).toBe(at(1));
    expect(expectAnswer(await send(t, owner, 'POST', base(kind), { access: 'view', expiresAt: at(YEAR) }), 201).shareLink.expiresAt).toBe(at(YEAR));
    expect(expectAnswer(await send(t, owner, 'POST', base(kind), { access: 'view', expiresAt: null }), 201).shareLink.expiresAt).toBeNull();
    const offset = new Date(now + 3600_000);
    const withZone = `${offset.toISOString().slice(0, 19)}+00:00`;
    expect(expectAnswer(await send(t, owner, 'POST', base(kind), { access: 'view', expiresAt: withZone }), 201).shareLink.expiresAt).toBe(new Date(Math.floor(offset.getTime() / 1000) * 1000).toISOString());
  });

  it('refuses a bad body with 400 and makes nothing', async () => {
    const before = await countLinks();
    for (const body of [{}, { access: 'admin' }, { access: 'view', expiresAt: 'tomorrow' }, { access: 'view', extra: 1 }, { access: 'view', expiresAt: 5 }]) {
      expectAnswer(await send(t, owner, 'POST', base(kind), body), 400, 'bad_request');
    }
    expect(await countLinks()).toBe(before);
  });

  it('GET: the item’s links, newest first, without tokens, with lastUsedAt', async () => {
    const id = kind === 'list' ? await makeList(t, owner) : (await makeDocument(t, owner, { title: `Listed ${Math.random()}` })).id;
    const first = await makeLink(t, owner, kind, id, { access: 'view' });
    t.clock.advance(1000);
    const second = await makeLink(t, owner, kind, id, { access: 'edit', expiresAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() });
    const { shareLinks } = expectAnswer(await send(t, owner, 'GET', base(kind, id)), 200);
    expect(shareLinks.map((l: { id: string }) => l.id)).toEqual([second.id, first.id]);
    for (const l of shareLinks) expect(Object.keys(l).sort()).toEqual(['access', 'createdAt', 'expiresAt', 'id', 'lastUsedAt']);
    expect(shareLinks[1]).toMatchObject({ access: 'view', expiresAt: null, lastUsedAt: null });
    expect(JSON.stringify(shareLinks)).not.toContain(first.token);
    // A use shows in lastUsedAt.
    t.clock.advance(1000);
    expectAnswer(await send(t, null, 'GET', `/api/shared/${first.token}`), 200);
    const after = expectAnswer(await send(t, owner, 'GET', base(kind, id)), 200).shareLinks;
    expect(after[1].lastUsedAt).toBe(t.clock.now().toISOString());
    expect(after[0].lastUsedAt).toBeNull();
  });

  it('DELETE: 200 { message }; the link stops working at once; a second revoke, or through another item, is 404', async () => {
    const link = await makeLink(t, owner, kind, items[kind]);
    const otherItem = kind === 'list' ? await makeList(t, owner) : (await makeDocument(t, owner, { title: `Other ${Math.random()}` })).id;
    expectAnswer(await send(t, owner, 'DELETE', `${base(kind, otherItem)}/${link.id}`), 404, 'not_found');
    expectAnswer(await send(t, null, 'GET', `/api/shared/${link.token}`), 200);
    expect(expectAnswer(await send(t, owner, 'DELETE', `${base(kind)}/${link.id}`), 200)).toEqual({ message: 'Share link revoked' });
    expect(expectAnswer(await send(t, null, 'GET', `/api/shared/${link.token}`), 404)).toEqual(LINK_NOT_FOUND);
    expectAnswer(await send(t, owner, 'DELETE', `${base(kind)}/${link.id}`), 404, 'not_found');
    expect((await send(t, owner, 'GET', base(kind))).json().shareLinks.map((l: { id: string }) => l.id)).not.toContain(link.id);
  });

  it('is the owner’s alone: anyone else gets the item’s 404 and changes nothing', async () => {
    const link = await makeLink(t, owner, kind, items[kind]);
    const before = await countLinks();
    expectAnswer(await send(t, other, 'POST', base(kind), { access: 'view' }), 404, 'not_found');
    expectAnswer(await send(t, other, 'GET', base(kind)), 404, 'not_found');
    expectAnswer(await send(t, other, 'DELETE', `${base(kind)}/${link.id}`), 404, 'not_found');
    expectAnswer(await send(t, other, 'POST', base(kind, 'no-such-item'), { access: 'view' }), 404, 'not_found');
    expectAnswer(await send(t, null, 'GET', base(kind)), 401, 'unauthorized');
    expect(await countLinks()).toBe(before);
    expectAnswer(await send(t, null, 'GET', `/api/shared/${link.token}`), 200);
  });
});

it('a document in the trash takes no new link and lists none (404, as for its other owner operations)', async () => {
  const doc = await makeDocument(t, owner, { title: 'Binned' });
  expectAnswer(await send(t, owner, 'DELETE', `/api/documents/${doc.id}`), 200);
  expectAnswer(await send(t, owner, 'POST', base('document', doc.id), { access: 'view' }), 404, 'not_found');
  expectAnswer(await send(t, owner, 'GET', base('document', doc.id)), 404, 'not_found');
});

async function countLinks(): Promise<number> {
  return Number((await t.db.kysely.selectFrom('share_links').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
}
