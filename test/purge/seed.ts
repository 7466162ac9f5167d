import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { setUserFields, uniqueName } from '../helpers/app.js';
import { login, syncToken } from '../admin/helpers.js';
import { mediaUrl, storeUpload } from '../../src/features/media/service.js';
import { createUser } from '../../src/features/users/service.js';
import type { UserRow } from '../../src/db/types.js';

// Set-up for the purge and deletion tests: accounts with a password (so they can confirm a
// deletion), signed in through the real login, and every content type a user can hold, made
// through the API (uploads through the media service, as the upload route would store them).

export interface Account {
  user: UserRow;
  email: string;
  username: string;
  password: string;
  cookie: string;
  bearer: string;
}

export const PASSWORD = 'account password 1';

/** A verified, active subscriber with a session cookie and a sync token. */
export async function account(t: TestApp): Promise<Account> {
  const username = uniqueName('p');
  const email = `${username}@example.com`;
  const user = await createUser(t.app.ctx, { email, username, passwordHash: await t.app.ctx.passwords.hash(PASSWORD), displayName: `Display ${username}` }, 409);
  await setUserFields(t.db, user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true });
  const cookie = await login(t.app, email, PASSWORD);
  const bearer = await syncToken(t.app, email, PASSWORD);
  return { user: { ...user, account_status: 'active' }, email, username, password: PASSWORD, cookie, bearer };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function as(t: TestApp, who: Pick<Account, 'cookie'> | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export async function ok(t: TestApp, who: Pick<Account, 'cookie'>, method: Method, url: string, payload?: unknown, status = 201) {
  const res = await as(t, who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

async function image(t: TestApp, ownerId: string, attachTo: string | null = null) {
  const row = await storeUpload(t.app.ctx, ownerId, 'image', { bytes: Buffer.from(`png ${Math.random()}`), contentType: 'image/png', ext: 'png', width: 10, height: 10 }, attachTo);
  return { row, url: mediaUrl(t.app.ctx, row) };
}

export interface Seeded {
  messages: { top: string; hidden: string; ownReply: string };
  /** Written by the other user: a reply to `top`, a push of it, a message the owner dug. */
  others: { reply: string; push: string; dugMessage: string; directMessage: string; list: string; document: string };
  directMessage: string;
  documents: { inFolder: string; loose: string; trashed: string };
  folder: string;
  list: string;
  listFolder: string;
  blobKeys: string[];
}

/** The spec's counts of what `seedContent` gives the owner. */
export const SEEDED_COUNTS = { messages: 3, directMessages: 1, documents: 3, folders: 1, lists: 1, listFolders: 1 };

const LIST_SCHEMA = {
  name: 'Books',
  description: null,
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'isbn', type: 'text', label: 'ISBN', unique: true },
  ],
};

/** Every content type for `owner`, with `other` replying, pushing, digging, reporting and writing back. */
export async function seedContent(t: TestApp, owner: Account, other: Account): Promise<Seeded> {
  const img = await image(t, owner.user.id);
  const top = (await ok(t, owner, 'POST', '/api/messages', { content: 'purge me first', tags: ['purgetag'], publiclyVisible: true, imageUrls: [img.url] })).data.id;
  const hidden = (await ok(t, owner, 'POST', '/api/messages', { content: 'purge me private', publiclyVisible: false })).data.id;
  const ownReply = (await ok(t, owner, 'POST', '/api/messages', { content: 'purge me reply', parentId: top, publiclyVisible: true })).data.id;
  const reply = (await ok(t, other, 'POST', '/api/messages', { content: 'an answer that stays', parentId: top, publiclyVisible: true })).data.id;
  const push = (await ok(t, other, 'POST', '/api/messages', { content: 'pushing this', pushedMessageId: top, publiclyVisible: true })).data.id;
  const dugMessage = (await ok(t, other, 'POST', '/api/messages', { content: 'the other user writes', publiclyVisible: true })).data.id;
  await ok(t, other, 'POST', `/api/messages/${top}/dig`, undefined, 200);
  await ok(t, owner, 'POST', `/api/messages/${dugMessage}/dig`, undefined, 200);
  await ok(t, other, 'POST', `/api/messages/${top}/report`, { reason: 'spam' });

  const dmImage = await image(t, owner.user.id);
  const directMessage = (await ok(t, owner, 'POST', '/api/direct-messages', { recipient: other.username, content: 'a private word', imageUrls: [dmImage.url] })).directMessage.id;
  const otherDm = (await ok(t, other, 'POST', '/api/direct-messages', { recipient: owner.username, content: 'a word back' })).directMessage.id;

  const folder = (await ok(t, owner, 'POST', '/api/documents/folders', { name: 'Notes', parentId: null })).folder.id;
  const inFolder = (await ok(t, owner, 'POST', '/api/documents', { title: 'Plan', content: '# Plan\nsecret plan', folderId: folder })).document.id;
  const loose = (await ok(t, owner, 'POST', '/api/documents', { title: 'Loose', content: 'loose words', isPublic: true })).document.id;
  const trashed = (await ok(t, owner, 'POST', '/api/documents', { title: 'Trashed', content: 'gone soon' })).document.id;
  await ok(t, owner, 'DELETE', `/api/documents/${trashed}`, undefined, 200);
  const docImage = await image(t, owner.user.id, `document:${inFolder}`);

  const listFolder = (await ok(t, owner, 'POST', '/api/folders', { name: 'Reading' })).folder.id;
  const list = (await ok(t, owner, 'POST', '/api/lists', { title: 'Books', isPublic: true, folderId: listFolder, schema: LIST_SCHEMA })).data.id;
  for (const n of [1, 2, 3]) await ok(t, owner, 'POST', `/api/lists/${list}/data`, { data: { title: `Book ${n}`, isbn: `isbn-${n}` } });
  await ok(t, owner, 'POST', `/api/lists/${list}/views`, { name: 'All' });

  const otherList = (await ok(t, other, 'POST', '/api/lists', { title: 'Mine', isPublic: true, schema: LIST_SCHEMA })).data.id;
  await ok(t, other, 'POST', `/api/lists/${otherList}/data`, { data: { title: 'Kept', isbn: 'isbn-1' } });
  const otherDoc = (await ok(t, other, 'POST', '/api/documents', { title: 'Kept', content: 'the other user’s words', isPublic: true })).document.id;

  await ok(t, owner, 'POST', `/api/users/${other.username}/follow`, undefined, 200);
  await ok(t, other, 'POST', `/api/users/${owner.username}/follow`, undefined, 200);
  await ok(t, other, 'POST', `/api/users/${owner.username}/mute`, undefined, 200);
  await ok(t, owner, 'POST', '/api/push/register', { token: `device-${owner.username}`, platform: 'ios' }, 200);
  // The notifications of the digs, follows and reply are written by listeners after commit.
  await t.app.ctx.events.idle();

  return {
    messages: { top, hidden, ownReply },
    others: { reply, push, dugMessage, directMessage: otherDm, list: otherList, document: otherDoc },
    directMessage,
    documents: { inFolder, loose, trashed },
    folder,
    list,
    listFolder,
    blobKeys: [img.row.blob_key, dmImage.row.blob_key, docImage.row.blob_key],
  };
}

/** How many rows name the user in a `table.column`. */
export async function rowsNaming(t: TestApp, column: string, userId: string): Promise<number> {
  const [table, col] = column.split('.');
  const db = t.db.kysely as any;
  const row = await db.selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).where(col, '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}
