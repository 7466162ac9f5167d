import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, member, post, type Member } from '../messages/helpers.js';

// Set-up of the materialize tests: subscribers with verified, active accounts; their messages,
// lists, rows and documents made through the real routes; counts of what exists, to show that a
// refused request wrote nothing.

export const materializeApp = () => createTestApp({ smtp: false, env: { SCHEDULER: 'off' } });

export const subscriberMember = (t: TestApp, fields: Record<string, unknown> = {}): Promise<Member> =>
  member(t, { customer_status: 'subscriber', email_verified: true, ...fields });

export function materialize(t: TestApp, who: Member | null, body: unknown, bearer = false) {
  return call(t, who, 'POST', '/api/materialize', body, bearer);
}

export const BOOKS_SCHEMA = {
  name: 'Books',
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'pages', type: 'number', label: 'Pages' },
    { key: 'genre', type: 'select', label: 'Genre', options: ['fiction', 'essay'] },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: ['classic', 'new'] },
  ],
};

export async function makeList(t: TestApp, who: Member, title = 'Books', schema: unknown = BOOKS_SCHEMA, description?: string) {
  const res = await call(t, who, 'POST', '/api/lists', { title, schema, ...(description ? { description } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; title: string };
}

export async function addRow(t: TestApp, who: Member, listId: string, data: Record<string, unknown>) {
  const res = await call(t, who, 'POST', `/api/lists/${listId}/data`, { data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; data: Record<string, unknown> };
}

export async function rowsOf(t: TestApp, who: Member, listId: string) {
  const res = await call(t, who, 'GET', `/api/lists/${listId}/data?limit=100&sort=createdAt`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: any) => r.data) as Record<string, unknown>[];
}

export async function getList(t: TestApp, who: Member, listId: string) {
  const res = await call(t, who, 'GET', `/api/lists/${listId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function makeDocument(t: TestApp, who: Member, title: string, content: string) {
  const res = await call(t, who, 'POST', '/api/documents', { title, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document as { id: string; title: string };
}

export async function getDocument(t: TestApp, who: Member, id: string) {
  const res = await call(t, who, 'GET', `/api/documents/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document as { id: string; title: string; content: string; isPublic: boolean; relativePath: string };
}

export { call, post };

const count = async (t: TestApp, table: 'lists' | 'list_rows' | 'list_properties' | 'documents' | 'messages') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/** How many lists, rows, columns, documents and messages exist. */
export async function written(t: TestApp) {
  return {
    lists: await count(t, 'lists'),
    rows: await count(t, 'list_rows'),
    columns: await count(t, 'list_properties'),
    documents: await count(t, 'documents'),
    messages: await count(t, 'messages'),
  };
}
