import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { setUserFields } from '../helpers/app.js';
import { signedInUser, type SignedIn } from '../users/fixtures.js';

// Helpers shared by the documents tests.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A user with a session and a sync token; a verified subscriber unless told otherwise. */
export async function writer(t: TestApp, fields: Record<string, unknown> = {}): Promise<SignedIn> {
  const u = await signedInUser(t);
  await setUserFields(t.db, u.user.id, { account_status: 'active', customer_status: 'subscriber', email_verified: true, ...fields });
  return u;
}

export function call(t: TestApp, who: SignedIn | null, method: Method, url: string, payload?: unknown, via: 'cookie' | 'bearer' = 'bearer') {
  const headers: Record<string, string> = {};
  if (who) {
    if (via === 'cookie') headers.cookie = who.cookie;
    else headers.authorization = who.bearer;
  }
  return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export function expectStatus(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (status >= 400) {
    const body = res.json();
    expect(typeof body.error).toBe('string');
    if (code) expect(body.code).toBe(code);
  }
  return res.json();
}

export async function createDoc(t: TestApp, who: SignedIn, body: Record<string, unknown>) {
  const res = await call(t, who, 'POST', '/api/documents', body);
  return expectStatus(res, 201).document;
}

export async function createFolder(t: TestApp, who: SignedIn, name: string, parentId: string | null = null) {
  const res = await call(t, who, 'POST', '/api/documents/folders', { name, parentId });
  return expectStatus(res, 201).folder;
}

export const DOCUMENT_FIELDS = ['content', 'createdAt', 'folderId', 'id', 'isPublic', 'relativePath', 'revision', 'title', 'updatedAt'];
