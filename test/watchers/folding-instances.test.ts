import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, secondInstance, type TestApp } from '../helpers/app.js';
import { activeUser, call, cookieOf, createList } from '../lists/support.js';
import { foldListChange } from '../../src/features/notifications/service.js';

// Folding holds when the changes of one list are reported on two instances at once, each with a
// pool of its own on PostgreSQL (on SQLite the two share the one connection, and their awaits
// still interleave): one unread notice, counting every change, however the folds race.

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  other = await secondInstance(t, { ownConnection: true });
}, 120_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

it('changes folded on two instances at once leave one unread notice counting them all', async () => {
  const owner = await activeUser(t);
  const list = await createList(t, cookieOf(owner), { title: 'Busy list' });
  expect((await call(t, 'POST', `/api/lists/${list.id}/watch`, cookieOf(owner))).statusCode).toBe(200);
  const actors = await Promise.all(Array.from({ length: 4 }, () => activeUser(t)));
  const folds = [];
  for (let i = 0; i < 12; i++) {
    const ctx = (i % 2 === 0 ? t.app : other).ctx;
    folds.push(foldListChange(ctx, { recipientId: owner.user.id, actorId: actors[i % 4].user.id, list: { id: list.id, title: 'Busy list' }, changes: i + 1 }));
  }
  const outcomes = await Promise.all(folds);
  expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
  expect(outcomes.filter((o) => o === 'folded')).toHaveLength(11);
  const rows = await t.db.kysely.selectFrom('notifications').selectAll().where('user_id', '=', owner.user.id).where('type', '=', 'list_changed').execute();
  expect(rows).toHaveLength(1);
  expect(JSON.parse(rows[0].metadata).changes).toBe((12 * 13) / 2);

  // Reported through the event on either instance, the same holds.
  for (const app of [t.app, other, t.app]) app.ctx.events.emit('listRowsChanged', { listId: list.id, actorId: actors[0].user.id, changes: 1 });
  await Promise.all([t.app.ctx.events.idle(), other.ctx.events.idle()]);
  const after = await t.db.kysely.selectFrom('notifications').select('metadata').where('user_id', '=', owner.user.id).where('type', '=', 'list_changed').execute();
  expect(after.map((r) => JSON.parse(r.metadata).changes)).toEqual([78 + 3]);
});

it('an actor whose account is gone is skipped', async () => {
  const owner = await activeUser(t);
  const list = await createList(t, cookieOf(owner));
  expect(await foldListChange(t.app.ctx, { recipientId: owner.user.id, actorId: 'no-such-user', list: { id: list.id, title: 'x' }, changes: 1 })).toBe('skipped');
});
