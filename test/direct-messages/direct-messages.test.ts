import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { call, expectError, member, type Member } from '../messages/helpers.js';
import { smallPng } from '../media/images.js';
import { multipart, startBlobApp } from '../media/support.js';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => ({ t, close } = await startBlobApp()));
afterAll(() => close());

async function uploadImage(who: Member): Promise<string> {
  const body = multipart({ bytes: await smallPng() });
  const res = await t.app.inject({ method: 'POST', url: '/api/messages/images/upload', headers: { ...body.headers, cookie: who.cookie }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

const summary = (m: Member) => ({ id: m.user.id, username: m.user.username, displayName: m.user.display_name, avatar: null });

async function send(from: Member, to: Member, content: string) {
  const res = await call(t, from, 'POST', '/api/direct-messages', { recipient: to.user.username, content });
  expect(res.statusCode, res.body).toBe(201);
  t.clock.advance(1000);
  return res.json().directMessage;
}

describe('POST /api/direct-messages', () => {
  it('sends (201 { directMessage }) with sender and recipient summaries; Bearer works too', async () => {
    const [a, b] = [await member(t), await member(t)];
    const res = await call(t, a, 'POST', '/api/direct-messages', { recipient: b.user.username.toUpperCase(), content: 'hello there' }, true);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      directMessage: {
        id: expect.any(String),
        sender: summary(a),
        recipient: summary(b),
        content: 'hello there',
        imageUrls: [],
        createdAt: t.clock.now().toISOString(),
        readAt: null,
      },
    });
  });

  it('refuses yourself (400), unknown users (404), blocks either way (403 blocked), probation (403), bad bodies (400)', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const dm = (who: Member | null, body: unknown) => call(t, who, 'POST', '/api/direct-messages', body);
    expectError(await dm(a, { recipient: a.user.username, content: 'me' }), 400);
    expectError(await dm(a, { recipient: 'no_such_user_zz', content: 'x' }), 404, 'user_not_found');
    await call(t, b, 'POST', `/api/users/${c.user.username}/block`);
    expectError(await dm(b, { recipient: c.user.username, content: 'x' }), 403, 'blocked');
    expectError(await dm(c, { recipient: b.user.username, content: 'x' }), 403, 'blocked');
    const newbie = await member(t, { account_status: 'probation' });
    expectError(await dm(newbie, { recipient: a.user.username, content: 'x' }), 403, 'account_probation_feature');
    const ro = await member(t, { account_status: 'restricted' });
    expectError(await dm(ro, { recipient: a.user.username, content: 'x' }), 403, 'account_restricted');
    expectError(await dm(null, { recipient: a.user.username, content: 'x' }), 401);
    for (const body of [
      {},
      { recipient: b.user.username },
      { recipient: b.user.username, content: '' },
      { recipient: b.user.username, content: '   ' },
      { recipient: b.user.username, content: 'x'.repeat(5001) },
      { recipient: b.user.username, content: 'x', imageUrls: ['a', 'b', 'c', 'd', 'e'] },
      { recipient: b.user.username, content: 'x', imageUrls: ['http://localhost:3000/api/media/not-mine.png'] },
      { recipient: b.user.username, content: 'x', imageUrls: ['x'.repeat(3000)] },
      { recipient: b.user.username, content: 'x', extra: 1 },
      { recipient: 5, content: 'x' },
    ]) {
      expectError(await dm(a, body), 400);
    }
    expect((await dm(a, { recipient: b.user.username, content: 'x'.repeat(5000) })).statusCode).toBe(201);
    const rows = await t.db.kysely.selectFrom('direct_messages').select('id').where('sender_id', 'in', [b.user.id, c.user.id, newbie.user.id]).execute();
    expect(rows).toEqual([]);
  });
});

describe('image attachments', () => {
  it('attaches up to 4 of the sender’s own free uploads; others’, used or too many: 400 invalid_media; deleting frees them', async () => {
    const [a, b] = [await member(t, { customer_status: 'subscriber', email_verified: true }), await member(t, { customer_status: 'subscriber', email_verified: true })];
    const mine = [await uploadImage(a), await uploadImage(a)];
    const res = await call(t, a, 'POST', '/api/direct-messages', { recipient: b.user.username, content: 'look', imageUrls: mine });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().directMessage.imageUrls).toEqual(mine);
    const theirs = await uploadImage(b);
    const fresh = await uploadImage(a);
    for (const imageUrls of [[mine[0]], [theirs], [fresh, fresh], [fresh, 'http://localhost:3000/api/media/nope.png'], ['not a url']]) {
      expectError(await call(t, a, 'POST', '/api/direct-messages', { recipient: b.user.username, content: 'x', imageUrls }), 400, 'invalid_media');
    }
    // Nothing was attached by the refused sends: the fresh upload is still free.
    const ok = await call(t, a, 'POST', '/api/direct-messages', { recipient: b.user.username, content: 'again', imageUrls: [fresh] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: new URL(mine[0]).pathname })).statusCode).toBe(200);
    expect((await call(t, a, 'DELETE', `/api/direct-messages/${res.json().directMessage.id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: new URL(mine[0]).pathname })).statusCode).toBe(404);
  });
});

describe('conversations', () => {
  it('lists conversations most recent first with the last message and unread count; reading one marks it read', async () => {
    const [me, x, y, z] = [await member(t), await member(t), await member(t), await member(t)];
    await send(x, me, 'x1');
    await send(x, me, 'x2');
    await send(me, y, 'to y');
    await send(y, me, 'y back');
    await send(me, x, 'reply to x');
    await send(z, x, 'not mine');

    const res = await call(t, me, 'GET', '/api/direct-messages');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ total: 2, limit: 20, offset: 0, hasMore: false });
    expect(body.conversations.map((c: any) => [c.user.username, c.lastMessage.content, c.unreadCount])).toEqual([
      [x.user.username, 'reply to x', 2],
      [y.user.username, 'y back', 1],
    ]);
    expect(body.conversations[0].user).toEqual(summary(x));
    expect(body.conversations[0].lastMessage).toMatchObject({ sender: summary(me), recipient: summary(x), readAt: null });
    expect((await call(t, me, 'GET', '/api/direct-messages?limit=1&offset=1', undefined, true)).json()).toMatchObject({
      conversations: [{ user: summary(y) }],
      pagination: { total: 2, limit: 1, offset: 1, hasMore: false },
    });

    const convo = await call(t, me, 'GET', `/api/direct-messages/${x.user.username}`);
    expect(convo.statusCode).toBe(200);
    expect(convo.json().messages.map((m: any) => m.content)).toEqual(['reply to x', 'x2', 'x1']);
    expect(convo.json().pagination).toEqual({ total: 3, limit: 20, offset: 0, hasMore: false });
    const after = (await call(t, me, 'GET', '/api/direct-messages')).json().conversations;
    expect(after.map((c: any) => c.unreadCount)).toEqual([0, 1]);
    // Reading marks only the reader's received messages: x's copy of 'reply to x' is still unread.
    expect((await call(t, x, 'GET', '/api/direct-messages')).json().conversations.find((c: any) => c.user.id === me.user.id).unreadCount).toBe(1);
    // The sender sees them read now; paging works.
    const theirs = (await call(t, x, 'GET', `/api/direct-messages/${me.user.username}?limit=2&offset=1`)).json();
    expect(theirs.messages.map((m: any) => [m.content, m.readAt !== null])).toEqual([
      ['x2', true],
      ['x1', true],
    ]);
    expect(theirs.pagination).toEqual({ total: 3, limit: 2, offset: 1, hasMore: false });
    // x read the conversation too: its received message is read now.
    expect((await call(t, x, 'GET', '/api/direct-messages')).json().conversations.find((c: any) => c.user.id === me.user.id).unreadCount).toBe(0);

    expectError(await call(t, null, 'GET', '/api/direct-messages'), 401);
    expectError(await call(t, me, 'GET', '/api/direct-messages/no_such_user_zz'), 404, 'user_not_found');
    expectError(await call(t, me, 'GET', '/api/direct-messages?limit=0'), 400);
  });

  it('a block hides the conversation both ways', async () => {
    const [a, b] = [await member(t), await member(t)];
    await send(a, b, 'before the block');
    await call(t, b, 'POST', `/api/users/${a.user.username}/block`);
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect((await call(t, me, 'GET', '/api/direct-messages')).json().conversations).toEqual([]);
      expectError(await call(t, me, 'GET', `/api/direct-messages/${other.user.username}`), 404, 'user_not_found');
    }
  });
});

describe('DELETE /api/direct-messages/{id}', () => {
  it('deletes the sender’s own message; the recipient and others get 404', async () => {
    const [a, b, c] = [await member(t), await member(t), await member(t)];
    const m = await send(a, b, 'oops');
    expectError(await call(t, b, 'DELETE', `/api/direct-messages/${m.id}`), 404);
    expectError(await call(t, c, 'DELETE', `/api/direct-messages/${m.id}`), 404);
    expectError(await call(t, null, 'DELETE', `/api/direct-messages/${m.id}`), 401);
    const res = await call(t, a, 'DELETE', `/api/direct-messages/${m.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expectError(await call(t, a, 'DELETE', `/api/direct-messages/${m.id}`), 404);
    expect((await call(t, b, 'GET', `/api/direct-messages/${a.user.username}`)).json().messages).toEqual([]);
  });
});
