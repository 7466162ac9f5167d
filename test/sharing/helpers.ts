import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { BOOKS_SCHEMA } from '../lists/support.js';
import { call, subscriber, type Member } from '../messages/helpers.js';

// Set-up for the sharing tests: an owner's list (with a row) and document made through the API,
// and grants made through the API.

export type Kind = 'lists' | 'documents';

/** A list of the owner's with one row. */
export async function ownersList(t: TestApp, owner: Member) {
  const res = await call(t, owner, 'POST', '/api/lists', { title: 'Shared books', isPublic: false, schema: BOOKS_SCHEMA });
  expect(res.statusCode, res.body).toBe(201);
  const list = res.json().data as { id: string; title: string };
  const row = await call(t, owner, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Dune', isbn: `i-${list.id}` } });
  expect(row.statusCode, row.body).toBe(201);
  return { ...list, rowId: row.json().data.id as string };
}

/** A private document of the owner's (owners of documents are subscribers). */
export async function ownersDocument(t: TestApp, owner: Member, title = 'Plans') {
  const res = await call(t, owner, 'POST', '/api/documents', { title, content: '# Plans\n', isPublic: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document as { id: string; title: string; revision: number };
}

/** Shares an item through the API and answers the collaborator. */
export async function share(t: TestApp, owner: Member, kind: Kind, id: string, body: Record<string, unknown>) {
  const res = await call(t, owner, 'POST', `/api/${kind}/${id}/collaborators`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().collaborator as { id: string } & Record<string, any>;
}

export const documentOwner = (t: TestApp) => subscriber(t, { email_verified: true });
