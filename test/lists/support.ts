import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { setUserFields } from '../helpers/app.js';
import { signedInUser, type SignedIn } from '../users/fixtures.js';

/** An active (not probation) user with a session cookie and a Bearer token. */
export async function activeUser(t: TestApp): Promise<SignedIn> {
  const me = await signedInUser(t);
  await setUserFields(t.db, me.user.id, { account_status: 'active' });
  return me;
}

export type Auth = { cookie: string } | { authorization: string };
export const cookieOf = (u: SignedIn): Auth => ({ cookie: u.cookie });
export const bearerOf = (u: SignedIn): Auth => ({ authorization: u.bearer });

export async function call(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, auth?: Auth, payload?: unknown) {
  return t.app.inject({ method, url, headers: { ...(auth ?? {}) }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export const BOOKS_SCHEMA = {
  name: 'Books',
  description: 'What I read',
  fields: [
    { key: 'title', type: 'text', label: 'Title', required: true },
    { key: 'pages', type: 'number', label: 'Pages', validation: { min: 1 } },
    { key: 'status', type: 'select', label: 'Status', options: ['to read', 'reading', 'done'], defaultValue: 'to read' },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: ['sf', 'classic', 'essay'] },
    { key: 'priority', type: 'priority', label: 'Priority' },
    { key: 'finished', type: 'date', label: 'Finished' },
    { key: 'isbn', type: 'text', label: 'ISBN', unique: true },
    { key: 'owned', type: 'boolean', label: 'Owned' },
  ],
};

export async function createList(t: TestApp, auth: Auth, over: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/lists', auth, { title: 'Books', isPublic: false, schema: BOOKS_SCHEMA, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; schema: { fields: { key: string; propertyId: string }[] } } & Record<string, any>;
}

export async function addRow(t: TestApp, auth: Auth, listId: string, data: Record<string, unknown>) {
  const res = await call(t, 'POST', `/api/lists/${listId}/data`, auth, { data });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; data: Record<string, unknown> };
}

export function expectError(res: { statusCode: number; json(): any }, status: number, code?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(typeof body.error).toBe('string');
  if (code) expect(body.code).toBe(code);
  return body;
}

/** A real multipart/form-data body: fields, then the file. */
export function csvForm(csv: string | null, fields: Record<string, string> = {}) {
  const boundary = '----listsimport7b3c';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (csv !== null) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`);
  parts.push(`--${boundary}--\r\n`);
  return { payload: Buffer.from(parts.join('')), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/lists/{id}/import with a CSV file (null: no file part). */
export async function uploadCsv(t: TestApp, auth: Auth | undefined, listId: string, csv: string | null, fields: Record<string, string> = {}) {
  const m = csvForm(csv, fields);
  return t.app.inject({ method: 'POST', url: `/api/lists/${listId}/import`, payload: m.payload, headers: { ...m.headers, ...(auth ?? {}) } });
}

/** The import's job once it has ended (done or failed), read as a client follows it. */
export async function importFinished(t: TestApp, auth: Auth, listId: string, jobId: string) {
  for (let i = 0; i < 3000; i++) {
    const res = await call(t, 'GET', `/api/lists/${listId}/imports/${jobId}`, auth);
    expect(res.statusCode).toBe(200);
    const job = res.json().job;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('import did not finish');
}

/** Imports a CSV file and answers the ended job. */
export async function importCsvFile(t: TestApp, auth: Auth, listId: string, csv: string, fields: Record<string, string> = {}) {
  const res = await uploadCsv(t, auth, listId, csv, fields);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ job: { id: expect.any(String), status: 'queued' } });
  return importFinished(t, auth, listId, res.json().job.id);
}
