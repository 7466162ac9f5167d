import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { BOOKS_SCHEMA } from '../lists/support.js';
import { member, type Member } from '../messages/helpers.js';

// Set-up shared by the share-link tests: owners and link holders, lists and documents, links made
// through the API, and requests through a link from a chosen client address.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Kind = 'list' | 'document';
export const PATHS: Record<Kind, string> = { list: 'lists', document: 'documents' };

/** A verified active subscriber (may create lists and documents, and write through edit links). */
export const verified = (t: TestApp, fields: Record<string, unknown> = {}) => member(t, { customer_status: 'subscriber', email_verified: true, ...fields });

/** A request as `who` (session cookie; null: anonymous), from client address `ip` when given (TRUST_PROXY set). */
export function send(t: TestApp, who: Member | null, method: Method, url: string, payload?: unknown, ip?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(who ? { cookie: who.cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) };
  return t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/** The answer's JSON, once its status is `status` (and its code, for an error). */
export function expectAnswer(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  if (status >= 400) {
    expect(typeof body.error).toBe('string');
    if (code) expect(body.code).toBe(code);
  }
  return body;
}

export async function makeList(t: TestApp, owner: Member, over: Record<string, unknown> = {}): Promise<string> {
  return expectAnswer(await send(t, owner, 'POST', '/api/lists', { title: 'Books', isPublic: false, schema: BOOKS_SCHEMA, ...over }), 201).data.id;
}

export async function makeRow(t: TestApp, owner: Member, listId: string, data: Record<string, unknown>): Promise<string> {
  return expectAnswer(await send(t, owner, 'POST', `/api/lists/${listId}/data`, { data }), 201).data.id;
}

export async function makeDocument(t: TestApp, owner: Member, over: Record<string, unknown> = {}) {
  return expectAnswer(await send(t, owner, 'POST', '/api/documents', { title: 'Plan', content: '# Plan\n', ...over }), 201).document as { id: string; revision: number };
}

export interface MadeLink {
  id: string;
  url: string;
  token: string;
}

/** A share link of the item, made by its owner through the API. */
export async function makeLink(t: TestApp, owner: Member, kind: Kind, itemId: string, body: Record<string, unknown> = { access: 'view' }): Promise<MadeLink> {
  const { shareLink } = expectAnswer(await send(t, owner, 'POST', `/api/${PATHS[kind]}/${itemId}/share-links`, body), 201);
  const token = new URL(shareLink.url).pathname.replace(/^\/s\//, '');
  return { id: shareLink.id, url: shareLink.url, token };
}

/** The one body of a link that does not work. */
export const LINK_NOT_FOUND = { error: 'This share link does not exist, has been revoked or has expired', code: 'not_found' };
