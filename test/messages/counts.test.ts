import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { publishDueMessages } from '../../src/features/messages/scheduling.js';
import { call, follows, member, post, subscriber, type Member } from './helpers.js';

// The unfiltered feed reads the count of published public messages from a counter kept by
// database triggers: it must agree with a real count after every kind of change.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

async function expectTotalsRight(viewers: (Member | null)[]) {
  const db = t.db.kysely;
  const publicCount = Number(
    (await db.selectFrom('messages').select((eb) => eb.fn.countAll().as('n')).where('publicly_visible', '=', true).where('published_at', 'is not', null).executeTakeFirstOrThrow()).n,
  );
  for (const who of viewers) {
    const body = (await call(t, who, 'GET', '/api/messages?limit=100')).json();
    expect(body.pagination.total).toBe(body.messages.length);
    if (who === null) expect(body.pagination.total).toBe(publicCount);
  }
}

describe('the unfiltered feed total', () => {
  it('stays exact through posts, replies, pushes, scheduled publishing, deletes and account deletion', async () => {
    const [a, b] = [await member(t), await member(t)];
    const s = await subscriber(t);
    await follows(t, b, a);
    const viewers = [null, a, b, s];
    await expectTotalsRight(viewers);

    const m1 = await post(t, a, { content: 'one' });
    await post(t, a, { content: 'private', publiclyVisible: false });
    const r = await post(t, b, { content: 'reply', parentId: m1.id });
    await post(t, b, { content: 'reply to reply', parentId: r.id });
    await expectTotalsRight(viewers);

    await call(t, s, 'POST', '/api/messages', { content: 'later', scheduledAt: new Date(t.clock.now().getTime() + 600_000).toISOString() });
    await call(t, s, 'POST', '/api/messages', { content: 'later private', publiclyVisible: false, scheduledAt: new Date(t.clock.now().getTime() + 600_000).toISOString() });
    await expectTotalsRight(viewers);
    t.clock.advance(900_000);
    expect(await publishDueMessages(t.app.ctx)).toBe(2);
    await expectTotalsRight(viewers);

    expect((await call(t, a, 'DELETE', `/api/messages/${m1.id}`)).statusCode).toBe(200);
    await expectTotalsRight(viewers);

    // Viewers who block or mute someone do not see that author: their total leaves them out too.
    const [blocker, muter] = [await member(t), await member(t)];
    expect((await call(t, blocker, 'POST', `/api/users/${a.user.username}/block`)).statusCode).toBe(200);
    expect((await call(t, muter, 'POST', `/api/users/${b.user.username}/mute`)).statusCode).toBe(200);
    await expectTotalsRight([blocker, muter, a]);

    const p = await post(t, s, { content: 'to be removed with the account' });
    void p;
    await t.db.kysely.deleteFrom('users').where('id', '=', s.user.id).execute();
    await expectTotalsRight([null, a, b]);
  });
});
