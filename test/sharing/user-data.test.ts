import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { readZip } from '../helpers/zip.js';
import type { Member } from '../messages/helpers.js';
import { account, as, ok, PASSWORD, type Account } from '../purge/seed.js';
import { ownersDocument, ownersList, share } from './helpers.js';

// Sharing and a user's data (sharing/user-data.ts): a deleted account's grants on other people's
// items go, an owner's items take their grants with them (a list by foreign key, a document with
// its tombstone), and the archive holds what the user shares and what is shared with them.

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sharing-archive-'));
  t = await createTestApp({ smtp: false, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const asMember = (a: Account) => a as unknown as Member;
const deleteSelf = (who: Account) => t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: who.cookie }, payload: { password: PASSWORD } });
const grantsOn = (column: 'list_id' | 'document_id', id: string) => t.db.kysely.selectFrom('collaborators').selectAll().where(column, '=', id).execute();

describe('account deletion', () => {
  it('a collaborator’s grants go with their account; the owner’s other grants stay', async () => {
    const [owner, leaving, staying] = [await account(t), await account(t), await account(t)];
    const list = await ownersList(t, asMember(owner));
    const doc = await ownersDocument(t, asMember(owner));
    for (const who of [leaving, staying]) {
      await share(t, asMember(owner), 'lists', list.id, { username: who.username, role: 'editor' });
      await share(t, asMember(owner), 'documents', doc.id, { username: who.username, role: 'viewer' });
    }
    expect((await deleteSelf(leaving)).statusCode).toBe(200);
    expect((await grantsOn('list_id', list.id)).map((g) => g.user_id)).toEqual([staying.user.id]);
    expect((await grantsOn('document_id', doc.id)).map((g) => g.user_id)).toEqual([staying.user.id]);
    expect((await as(t, staying, 'GET', `/api/documents/${doc.id}`)).statusCode).toBe(200);
  });

  it('an owner’s lists and documents take every grant and pending invite with them', async () => {
    const [owner, friend] = [await account(t), await account(t)];
    const list = await ownersList(t, asMember(owner));
    const doc = await ownersDocument(t, asMember(owner));
    await share(t, asMember(owner), 'lists', list.id, { username: friend.username, role: 'viewer' });
    await share(t, asMember(owner), 'lists', list.id, { email: `pending-${owner.username}@example.com`, role: 'viewer' });
    await share(t, asMember(owner), 'documents', doc.id, { username: friend.username, role: 'editor' });
    expect((await deleteSelf(owner)).statusCode).toBe(200);
    expect(await grantsOn('list_id', list.id)).toEqual([]);
    expect(await grantsOn('document_id', doc.id)).toEqual([]);
    expect((await ok(t, friend, 'GET', '/api/shared-with-me', undefined, 200))).toEqual({ lists: [], documents: [] });
  });
});

describe('the archive', () => {
  it('holds what the user shares and what is shared with them', async () => {
    const [me, friend] = [await account(t), await account(t)];
    const mine = await ownersList(t, asMember(me));
    const theirs = await ownersDocument(t, asMember(friend));
    await share(t, asMember(me), 'lists', mine.id, { username: friend.username, role: 'editor' });
    await share(t, asMember(friend), 'documents', theirs.id, { username: me.username, role: 'viewer' });
    await ok(t, me, 'POST', '/api/user/archive', undefined, 202);
    await t.app.ctx.jobs.idle();
    const { archive } = await ok(t, me, 'GET', '/api/user/archive', undefined, 200);
    const files = readZip((await as(t, me, 'GET', archive.downloadUrl)).rawPayload);
    const sharing = JSON.parse(files.get('sharing.json')!.toString('utf8'));
    expect(sharing.sharedByMe).toEqual([expect.objectContaining({ item: { kind: 'list', id: mine.id, title: mine.title, ownerId: me.user.id }, userId: friend.user.id, role: 'editor' })]);
    expect(sharing.sharedWithMe).toEqual([expect.objectContaining({ item: { kind: 'document', id: theirs.id, title: theirs.title, ownerId: friend.user.id }, userId: me.user.id, role: 'viewer' })]);
  });
});
