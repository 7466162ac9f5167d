import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { ensureBootstrapAdmin } from '../../src/features/admin/service.js';
import { newId } from '../../src/lib/ids.js';
import { call, expectError, follows, member, post, recordEvents, type Member } from './helpers.js';

let t: TestApp;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { ADMIN_EMAIL: 'root@example.com', ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'root password 123' } });
  await ensureBootstrapAdmin(t.app.ctx);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'root@example.com', password: 'root password 123' } });
  const cookie = `service-session=${res.cookies.find((c) => c.name === 'service-session')!.value}`;
  const row = await t.db.kysely.selectFrom('users').selectAll().where('email', '=', 'root@example.com').executeTakeFirstOrThrow();
  admin = { user: row, cookie, bearer: '' };
});
afterAll(async () => t.close());

const count = async (table: 'messages' | 'digs' | 'message_tags' | 'message_reports') =>
  Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('DELETE /api/messages/{id}', () => {
  it('deletes an own message with its replies (and their replies), digs and tags, and reports the ids', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'root', tags: ['gone'] });
    const r1 = await post(t, b, { content: 'reply', parentId: m.id });
    const r2 = await post(t, a, { content: 'reply to reply', parentId: r1.id });
    await call(t, b, 'POST', `/api/messages/${m.id}/dig`);
    await call(t, a, 'POST', `/api/messages/${r2.id}/dig`);
    const before = { messages: await count('messages'), digs: await count('digs'), tags: await count('message_tags') };
    const rec = recordEvents(t, ['delete']);
    const res = await call(t, a, 'DELETE', `/api/messages/${m.id}`);
    rec.stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect({ messages: await count('messages'), digs: await count('digs'), tags: await count('message_tags') }).toEqual({
      messages: before.messages - 3,
      digs: before.digs - 2,
      tags: before.tags - 1,
    });
    expect(rec.of('delete')).toEqual([{ messageIds: expect.arrayContaining([m.id, r1.id, r2.id]), authorId: a.user.id }]);
    for (const id of [m.id, r1.id, r2.id]) expectError(await call(t, a, 'GET', `/api/messages/${id}`), 404);
    expectError(await call(t, a, 'DELETE', `/api/messages/${m.id}`), 404);
  });

  it('refuses another user’s message (404, even when readable) and unknown ids (404)', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'mine' });
    expectError(await call(t, b, 'DELETE', `/api/messages/${m.id}`), 404);
    expectError(await call(t, b, 'DELETE', `/api/messages/${newId()}`), 404);
    expect((await call(t, null, 'GET', `/api/messages/${m.id}`)).statusCode).toBe(200);
  });

  it('answers 409 while other posts push the message; deleting the push first makes it possible', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'pushed' });
    const p = await post(t, b, { pushedMessageId: m.id });
    expectError(await call(t, a, 'DELETE', `/api/messages/${m.id}`), 409, 'message_pushed');
    expect((await call(t, b, 'DELETE', `/api/messages/${p.id}`, undefined, true)).statusCode).toBe(200);
    expect((await call(t, a, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(200);
  });

  it('a push of a deleted reply reads pushedMessage: null', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'top' });
    const r = await post(t, a, { content: 'reply', parentId: m.id });
    const p = await post(t, b, { pushedMessageId: r.id, content: 'quoting' });
    expect((await call(t, a, 'DELETE', `/api/messages/${m.id}`)).statusCode).toBe(200);
    expect((await call(t, b, 'GET', `/api/messages/${p.id}`)).json().pushedMessage).toBeNull();
  });

  it('needs credentials and a writable account', async () => {
    const a = await member(t);
    const m = await post(t, a, { content: 'x' });
    expectError(await call(t, null, 'DELETE', `/api/messages/${m.id}`), 401);
    await t.db.kysely.updateTable('users').set({ account_status: 'suspended' }).where('id', '=', a.user.id).execute();
    expectError(await call(t, a, 'DELETE', `/api/messages/${m.id}`), 403, 'account_suspended');
  });
});

describe('dig and undig', () => {
  it('is idempotent with isNewDig, and undig is too; events only for new digs', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const m = await post(t, a, { content: 'dig' });
    const rec = recordEvents(t, ['dig']);
    expect((await call(t, b, 'POST', `/api/messages/${m.id}/dig`)).json()).toEqual({ digCount: 1, dugByMe: true, isNewDig: true });
    expect((await call(t, b, 'POST', `/api/messages/${m.id}/dig`, undefined, true)).json()).toEqual({ digCount: 1, dugByMe: true, isNewDig: false });
    expect((await call(t, c, 'POST', `/api/messages/${m.id}/dig`)).json()).toEqual({ digCount: 2, dugByMe: true, isNewDig: true });
    rec.stop();
    expect(rec.of('dig')).toEqual([
      { messageId: m.id, authorId: a.user.id, actorId: b.user.id },
      { messageId: m.id, authorId: a.user.id, actorId: c.user.id },
    ]);
    expect((await call(t, b, 'DELETE', `/api/messages/${m.id}/dig`)).json()).toEqual({ digCount: 1, dugByMe: false });
    expect((await call(t, b, 'DELETE', `/api/messages/${m.id}/dig`)).json()).toEqual({ digCount: 1, dugByMe: false });
    expect((await call(t, c, 'GET', `/api/messages/${m.id}`)).json()).toMatchObject({ digCount: 1, dugByMe: true });
  });

  it('digs only messages the caller may read (private: author and followers), 401 anonymous, 403 read-only', async () => {
    const [a, follower, stranger] = [await member(t), await member(t), await member(t)];
    await follows(t, follower, a);
    const priv = await post(t, a, { content: 'private', publiclyVisible: false });
    expect((await call(t, follower, 'POST', `/api/messages/${priv.id}/dig`)).statusCode).toBe(200);
    expect((await call(t, a, 'POST', `/api/messages/${priv.id}/dig`)).statusCode).toBe(200);
    expectError(await call(t, stranger, 'POST', `/api/messages/${priv.id}/dig`), 404);
    expectError(await call(t, stranger, 'DELETE', `/api/messages/${priv.id}/dig`), 404);
    expectError(await call(t, null, 'POST', `/api/messages/${priv.id}/dig`), 401);
    expectError(await call(t, null, 'DELETE', `/api/messages/${priv.id}/dig`), 401);
    const r = await member(t, { account_status: 'restricted' });
    const pub = await post(t, a, { content: 'public' });
    expectError(await call(t, r, 'POST', `/api/messages/${pub.id}/dig`), 403, 'account_restricted');
    expectError(await call(t, r, 'DELETE', `/api/messages/${pub.id}/dig`), 403, 'account_restricted');
    // Probation accounts may dig.
    const p = await member(t, { account_status: 'probation' });
    expect((await call(t, p, 'POST', `/api/messages/${pub.id}/dig`)).statusCode).toBe(200);
  });
});

describe('reports', () => {
  it('files a report (201), updates it on a second report (200), and administrators list and resolve it', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'spammy' });
    const first = await call(t, b, 'POST', `/api/messages/${m.id}/report`, { reason: 'spam', detail: 'same link' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ report: { id: expect.any(String), reason: 'spam', createdAt: t.clock.now().toISOString() } });
    const second = await call(t, b, 'POST', `/api/messages/${m.id}/report`, { reason: 'harassment' }, true);
    expect(second.statusCode).toBe(200);
    expect(second.json().report).toEqual({ id: first.json().report.id, reason: 'harassment', createdAt: first.json().report.createdAt });

    const list = await call(t, admin, 'GET', '/api/admin/reports?status=open');
    expect(list.statusCode, list.body).toBe(200);
    const report = list.json().reports.find((r: { id: string }) => r.id === first.json().report.id);
    expect(report).toEqual({
      id: first.json().report.id,
      reason: 'harassment',
      detail: null,
      status: 'open',
      note: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      resolvedAt: null,
      reporter: { id: b.user.id, username: b.user.username, displayName: b.user.display_name, avatar: null },
      message: { id: m.id, content: 'spammy', publiclyVisible: true, createdAt: m.createdAt, user: { id: a.user.id, username: a.user.username, displayName: a.user.display_name, avatar: null } },
    });
    expect(list.json().pagination).toMatchObject({ offset: 0, hasMore: false });

    const resolved = await call(t, admin, 'PATCH', `/api/admin/reports/${report.id}`, { status: 'resolved', note: 'handled' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().report).toMatchObject({ id: report.id, status: 'resolved', note: 'handled', resolvedAt: t.clock.now().toISOString() });
    const open = (await call(t, admin, 'GET', '/api/admin/reports?status=open&limit=100')).json().reports.map((r: { id: string }) => r.id);
    expect(open).not.toContain(report.id);
    const done = (await call(t, admin, 'GET', '/api/admin/reports?status=resolved&limit=100')).json().reports.map((r: { id: string }) => r.id);
    expect(done).toContain(report.id);
    expectError(await call(t, admin, 'PATCH', `/api/admin/reports/${newId()}`, { status: 'resolved' }), 404);
    expectError(await call(t, admin, 'PATCH', `/api/admin/reports/${report.id}`, { status: 'open' }), 400);
  });

  it('takes the service’s report reasons only, detail up to 1000 characters; 404 for unreadable messages', async () => {
    const [a, b] = [await member(t), await member(t)];
    const m = await post(t, a, { content: 'x' });
    for (const reason of ['spam', 'harassment', 'hate', 'violence', 'sexual', 'misinformation', 'illegal', 'other']) {
      expect((await call(t, b, 'POST', `/api/messages/${m.id}/report`, { reason })).statusCode).toBeLessThan(300);
    }
    for (const payload of [{ reason: 'boring' }, {}, { reason: 'spam', detail: 'x'.repeat(1001) }, { reason: 'spam', extra: 1 }, { reason: 5 }]) {
      expectError(await call(t, b, 'POST', `/api/messages/${m.id}/report`, payload), 400);
    }
    const priv = await post(t, a, { content: 'p', publiclyVisible: false });
    expectError(await call(t, b, 'POST', `/api/messages/${priv.id}/report`, { reason: 'spam' }), 404);
    expectError(await call(t, b, 'POST', `/api/messages/${newId()}/report`, { reason: 'spam' }), 404);
    expectError(await call(t, null, 'POST', `/api/messages/${m.id}/report`, { reason: 'spam' }), 401);
  });

  it('the report list is for administrators only', async () => {
    const a = await member(t);
    expectError(await call(t, null, 'GET', '/api/admin/reports'), 401);
    expectError(await call(t, a, 'GET', '/api/admin/reports'), 403, 'admin_required');
    expectError(await call(t, a, 'PATCH', `/api/admin/reports/${newId()}`, { status: 'resolved' }), 403, 'admin_required');
    expectError(await call(t, admin, 'GET', '/api/admin/reports?status=closed'), 400);
  });
});
