import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { member, type Member } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { documentOwner, ownersDocument, ownersList, share } from './helpers.js';

// Two instances of the service on one database (on PostgreSQL each with its own pool, its own
// caches and turn batches), as two server processes behind a load balancer: access granted,
// changed or revoked through one instance holds on the other at once, for lists (whose reads go
// through the turn-batched list read and the cached pages) and documents alike.

let t: TestApp;
let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  a = t.app;
  b = await secondInstance(t, { ownConnection: true });
  // Two apps to build on a shared, busy machine.
}, 120_000);
afterAll(async () => {
  await b.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const on = (app: FastifyInstance, who: Member, method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { authorization: who.bearer }, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('access across two instances', () => {
  it('a collaborator removed on one instance is refused on the other at once, the rows page included (served from its cache a moment before)', async () => {
    const owner = await member(t, { email_verified: true });
    const collaborator = await member(t, { email_verified: true });
    const list = await ownersList(t, owner);
    const grant = await share(t, owner, 'lists', list.id, { username: collaborator.user.username, role: 'editor' });
    // Warm instance b's caches with the collaborator's reads.
    for (let i = 0; i < 3; i++) {
      expect((await on(b, collaborator, 'GET', `/api/lists/${list.id}/data`)).statusCode).toBe(200);
      expect((await on(b, collaborator, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(200);
    }
    expect((await on(b, collaborator, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'Before' } })).statusCode).toBe(201);

    // Demoted on a: b refuses the write at once, still lets the read.
    expect((await on(a, owner, 'PATCH', `/api/lists/${list.id}/collaborators/${grant.id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await on(b, collaborator, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'After' } })).statusCode).toBe(403);
    expect((await on(b, collaborator, 'GET', `/api/lists/${list.id}/data`)).statusCode).toBe(200);

    // Removed on a: b answers 404 at once, reads and writes, with several reads in one turn too.
    expect((await on(a, owner, 'DELETE', `/api/lists/${list.id}/collaborators/${grant.id}`)).statusCode).toBe(200);
    const together = await Promise.all([
      on(b, collaborator, 'GET', `/api/lists/${list.id}/data`),
      on(b, owner, 'GET', `/api/lists/${list.id}/data`),
      on(b, collaborator, 'GET', `/api/lists/${list.id}`),
    ]);
    expect(together.map((r) => r.statusCode)).toEqual([404, 200, 404]);
    expect((await on(b, collaborator, 'PUT', `/api/lists/${list.id}/data`, { rowId: list.rowId, data: { pages: 2 } })).statusCode).toBe(404);
    expect((await on(b, collaborator, 'GET', '/api/shared-with-me')).json().lists).toEqual([]);
  });

  it('an organization grant: a member leaving on one instance loses access on the other; documents the same', async () => {
    const owner = await documentOwner(t);
    const [orgOwner, colleague] = [await member(t), await member(t)];
    const org = await newOrg(t, orgOwner);
    await join(t, org, colleague, 'member');
    const doc = await ownersDocument(t, owner);
    await share(t, owner, 'documents', doc.id, { orgSlug: org.slug, role: 'editor' });
    expect((await on(b, colleague, 'PUT', `/api/documents/${doc.id}`, { content: 'edited on b', baseRevision: 1 })).statusCode).toBe(200);
    const leave = await a.inject({ method: 'DELETE', url: `/api/orgs/${org.slug}/members/${colleague.user.username}`, headers: { cookie: colleague.cookie } });
    expect(leave.statusCode, leave.body).toBe(200);
    expect((await on(b, colleague, 'GET', `/api/documents/${doc.id}`)).statusCode).toBe(404);
    expect((await on(b, colleague, 'PUT', `/api/documents/${doc.id}`, { content: 'too late' })).statusCode).toBe(404);
    expect((await on(b, owner, 'GET', `/api/documents/${doc.id}`)).json().document).toMatchObject({ content: 'edited on b', revision: 2 });
  });
});
