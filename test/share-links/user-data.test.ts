import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { readZip } from '../helpers/zip.js';
import { account, as, ok, type Account } from '../purge/seed.js';

// A user's share links as part of their data (CONTRACT, Administration and Sharing): they go with
// their items under the purge's categories and with the account; the archive lists them without
// their tokens.

let t: AdminTestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'share-links-data-'));
  t = await createAdminApp({ smtp: false, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SCHEMA = { name: 'Books', fields: [{ key: 'title', type: 'text', label: 'Title', required: true }] };

interface Shared {
  list: string;
  document: string;
  listToken: string;
  documentToken: string;
  linkIds: string[];
}

/** A list and a document of `who`, each with a share link (the document's with an expiry). */
async function share(who: Account): Promise<Shared> {
  const list = (await ok(t, who, 'POST', '/api/lists', { title: 'Shared books', schema: SCHEMA })).data.id;
  const document = (await ok(t, who, 'POST', '/api/documents', { title: 'Shared plan', content: 'plan' })).document.id;
  const l = (await ok(t, who, 'POST', `/api/lists/${list}/share-links`, { access: 'edit' })).shareLink;
  const expiresAt = new Date(t.clock.now().getTime() + 3600_000).toISOString();
  const d = (await ok(t, who, 'POST', `/api/documents/${document}/share-links`, { access: 'view', expiresAt })).shareLink;
  const token = (url: string) => url.split('/s/')[1];
  return { list, document, listToken: token(l.url), documentToken: token(d.url), linkIds: [l.id, d.id] };
}

const works = async (token: string) => (await as(t, null, 'GET', `/api/shared/${token}`)).statusCode === 200;
const linksOf = async (userId: string) => (await t.db.kysely.selectFrom('share_links').select(['id', 'list_id', 'document_id']).where('user_id', '=', userId).execute()).length;
const purge = (userId: string, categories: Record<string, boolean>) => ok(t, { cookie: t.admin.cookie }, 'POST', `/api/admin/users/${userId}/purge`, { categories }, 200);

describe('share links in a user’s data', () => {
  it('the purge of lists takes the lists’ links; documents’ links stay until documents are purged', async () => {
    const [owner, other] = [await account(t), await account(t)];
    const mine = await share(owner);
    const theirs = await share(other);
    await purge(owner.user.id, { messages: false, directMessages: false, documents: false, lists: true });
    expect(await works(mine.listToken)).toBe(false);
    expect(await works(mine.documentToken)).toBe(true);
    expect(await linksOf(owner.user.id)).toBe(1);
    await purge(owner.user.id, { messages: false, directMessages: false, documents: true, lists: false });
    // The document is a tombstone now; its link is gone with it, not merely unusable.
    expect(await works(mine.documentToken)).toBe(false);
    expect(await linksOf(owner.user.id)).toBe(0);
    // The other user's links are untouched.
    expect(await works(theirs.listToken)).toBe(true);
    expect(await works(theirs.documentToken)).toBe(true);
  });

  it('a dry run counts nothing away', async () => {
    const owner = await account(t);
    const mine = await share(owner);
    const { counts } = await ok(t, { cookie: t.admin.cookie }, 'POST', `/api/admin/users/${owner.user.id}/purge`, { dryRun: true }, 200);
    expect(counts).toMatchObject({ lists: 1, documents: 1 });
    expect(await works(mine.listToken)).toBe(true);
    expect(await linksOf(owner.user.id)).toBe(2);
  });

  it('account deletion takes every link of the account', async () => {
    const [owner, other] = [await account(t), await account(t)];
    const mine = await share(owner);
    const theirs = await share(other);
    expect((await as(t, owner, 'DELETE', '/api/user', { password: owner.password })).statusCode).toBe(200);
    expect(await linksOf(owner.user.id)).toBe(0);
    expect(await works(mine.listToken)).toBe(false);
    expect(await works(mine.documentToken)).toBe(false);
    expect(await works(theirs.listToken)).toBe(true);
  });

  it('the archive lists the user’s links (share-links.json), never a token', async () => {
    const owner = await account(t);
    const mine = await share(owner);
    await ok(t, owner, 'POST', '/api/user/archive', undefined, 202);
    await t.app.ctx.jobs.idle();
    const { archive } = await ok(t, owner, 'GET', '/api/user/archive', undefined, 200);
    const zip = readZip((await as(t, owner, 'GET', archive.downloadUrl)).rawPayload);
    const text = zip.get('share-links.json')!.toString('utf8');
    const links = JSON.parse(text);
    expect(links).toEqual([
      { id: mine.linkIds[0], item: { kind: 'list', id: mine.list, title: 'Shared books' }, access: 'edit', expiresAt: null, createdAt: expect.any(String), lastUsedAt: null },
      { id: mine.linkIds[1], item: { kind: 'document', id: mine.document, title: 'Shared plan' }, access: 'view', expiresAt: expect.any(String), createdAt: expect.any(String), lastUsedAt: null },
    ]);
    for (const [name, content] of zip) {
      expect(content.toString('latin1'), name).not.toContain(mine.listToken);
      expect(content.toString('latin1'), name).not.toContain(mine.documentToken);
    }
    // A user without links gets no such file.
    const plain = await account(t);
    t.clock.advance(1000);
    await ok(t, plain, 'POST', '/api/user/archive', undefined, 202);
    await t.app.ctx.jobs.idle();
    const other = (await ok(t, plain, 'GET', '/api/user/archive', undefined, 200)).archive;
    expect(readZip((await as(t, plain, 'GET', other.downloadUrl)).rawPayload).has('share-links.json')).toBe(false);
  });
});
