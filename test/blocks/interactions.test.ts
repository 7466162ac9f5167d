import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { call, expectError, member, post } from '../messages/helpers.js';

// Interactions between users who block each other: replying, pushing, digging and
// following are 403 `blocked` both ways; the per-user feed is absent (404).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

describe('blocked interactions', () => {
  it('reply, push, dig and follow are 403 blocked both ways; unblocked they work again', async () => {
    const [a, b] = [await member(t), await member(t)];
    const ma = await post(t, a, { content: 'from a', publiclyVisible: true });
    const mb = await post(t, b, { content: 'from b', publiclyVisible: true });
    await call(t, b, 'POST', `/api/users/${a.user.username}/block`);
    for (const [me, theirs, other] of [
      [a, mb, b],
      [b, ma, a],
    ] as const) {
      expectError(await call(t, me, 'POST', '/api/messages', { parentId: theirs.id, content: 'reply' }), 403, 'blocked');
      expectError(await call(t, me, 'POST', '/api/messages', { pushedMessageId: theirs.id }), 403, 'blocked');
      expectError(await call(t, me, 'POST', `/api/messages/${theirs.id}/dig`), 403, 'blocked');
      expectError(await call(t, me, 'POST', `/api/users/${other.user.username}/follow`), 403, 'blocked');
      expectError(await call(t, me, 'GET', `/api/user/${other.user.username}/messages`), 404, 'user_not_found');
    }
    const count = await t.db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('parent_id', 'in', [ma.id, mb.id]).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    await call(t, b, 'DELETE', `/api/users/${a.user.username}/block`);
    expect((await call(t, a, 'POST', `/api/messages/${mb.id}/dig`)).statusCode).toBe(200);
    expect((await call(t, b, 'POST', '/api/messages', { parentId: ma.id, content: 'hi again' })).statusCode).toBe(201);
  });

  it('a private message of the other side is 404, not 403: the answer never reveals that it exists', async () => {
    const [a, b] = [await member(t), await member(t)];
    await call(t, b, 'POST', `/api/users/${a.user.username}/follow`);
    const hidden = await post(t, a, { content: 'followers only', publiclyVisible: false });
    await call(t, a, 'POST', `/api/users/${b.user.username}/block`);
    expectError(await call(t, b, 'POST', '/api/messages', { parentId: hidden.id, content: 'reply' }), 404);
    expectError(await call(t, b, 'POST', `/api/messages/${hidden.id}/dig`), 404);
    // The same answer as for an id that does not exist.
    expectError(await call(t, b, 'POST', `/api/messages/00000000-0000-7000-8000-000000000000/dig`), 404);
  });

});
