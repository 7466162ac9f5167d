import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import type { Member } from '../messages/helpers.js';
import { LINK_NOT_FOUND, makeDocument, makeLink, makeList, makeRow, verified } from './support.js';

// Two instances of the service on one database (each with its own connection pool on
// PostgreSQL, its own caches and batches), as two server processes behind a load balancer: a link
// revoked through one is refused by the other at once, after both had just served it.

let t: TestApp;
let a: FastifyInstance;
let b: FastifyInstance;
let owner: Member;
let holder: Member;

beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  a = t.app;
  b = await secondInstance(t, { ownConnection: true });
  owner = await verified(t);
  holder = await verified(t);
}, 60_000);
afterAll(async () => {
  await b.close();
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function on(app: FastifyInstance, who: Member | null, method: Method, url: string, payload?: unknown) {
  return app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

describe('a share link on two instances', () => {
  it('a list link revoked through A: B refuses reads and writes at once (after serving them just before)', async () => {
    const list = await makeList(t, owner);
    const row = await makeRow(t, owner, list, { title: 'Shared row' });
    const link = await makeLink(t, owner, 'list', list, { access: 'edit' });
    // Both instances serve it (B's list caches filled).
    for (const app of [a, b]) {
      expect((await on(app, null, 'GET', `/api/shared/${link.token}`)).statusCode).toBe(200);
      expect((await on(app, null, 'GET', `/api/shared/${link.token}/data`)).json().data.map((r: { id: string }) => r.id)).toEqual([row]);
    }
    expect((await on(b, holder, 'POST', `/api/shared/${link.token}/data`, { data: { title: 'Through B' } })).statusCode).toBe(201);

    expect((await on(a, owner, 'DELETE', `/api/lists/${list}/share-links/${link.id}`)).statusCode).toBe(200);

    for (const app of [b, a]) {
      for (const path of ['', '/data']) {
        const res = await on(app, null, 'GET', `/api/shared/${link.token}${path}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(LINK_NOT_FOUND);
      }
      const write = await on(app, holder, 'POST', `/api/shared/${link.token}/data`, { data: { title: 'Too late' } });
      expect(write.statusCode).toBe(404);
      expect(write.json()).toEqual(LINK_NOT_FOUND);
      expect((await on(app, holder, 'DELETE', `/api/shared/${link.token}/data/${row}`)).statusCode).toBe(404);
    }
    const titles = (await on(a, owner, 'GET', `/api/lists/${list}/data`)).json().data.map((r: { data: { title: string } }) => r.data.title);
    expect(titles.sort()).toEqual(['Shared row', 'Through B']);
  });

  it('a document link revoked through B: A refuses the read and the write at once', async () => {
    const doc = await makeDocument(t, owner, { title: 'Across', content: 'v1' });
    const link = await makeLink(t, owner, 'document', doc.id, { access: 'edit' });
    expect((await on(a, holder, 'PATCH', `/api/shared/${link.token}`, { content: 'v2' })).statusCode).toBe(200);
    expect((await on(b, null, 'GET', `/api/shared/${link.token}`)).json().document.content).toBe('v2');
    expect((await on(b, owner, 'DELETE', `/api/documents/${doc.id}/share-links/${link.id}`)).statusCode).toBe(200);
    expect((await on(a, null, 'GET', `/api/shared/${link.token}`)).json()).toEqual(LINK_NOT_FOUND);
    const write = await on(a, holder, 'PATCH', `/api/shared/${link.token}`, { content: 'v3' });
    expect(write.statusCode).toBe(404);
    expect((await on(a, owner, 'GET', `/api/documents/${doc.id}`)).json().document.content).toBe('v2');
  });

  it('a link made through one works through the other at once, and its expiry holds on both', async () => {
    const list = await makeList(t, owner);
    const created = await on(b, owner, 'POST', `/api/lists/${list}/share-links`, { access: 'view', expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    expect(created.statusCode).toBe(201);
    const token = new URL(created.json().shareLink.url).pathname.slice(3);
    expect((await on(a, null, 'GET', `/api/shared/${token}`)).statusCode).toBe(200);
    t.clock.advance(60_000);
    for (const app of [a, b]) expect((await on(app, null, 'GET', `/api/shared/${token}`)).statusCode).toBe(404);
  });
});
