import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { setUserFields } from '../helpers/app.js';
import { activeUser, addRow, call, cookieOf, bearerOf, createList, expectError, uploadCsv, importFinished } from '../lists/support.js';
import { recordEvents } from '../messages/helpers.js';
import { settle } from '../notifications/helpers.js';
import type { SignedIn } from '../users/fixtures.js';

// Watching a list (CONTRACT, "Sharing and collaboration"): POST and DELETE /api/lists/{id}/watch
// for the list's readers, the `listRowsChanged` event every row write reports once it has
// committed, and the `list_changed` notice each watcher gets for a change by someone else, folded
// while it is unread. Until collaborators exist only a list's owner reads (and writes) it through
// the API, so "someone else" is a change reported for another actor, as a collaborator's write
// will report it.

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminApp({ smtp: false });
}, 120_000);
afterAll(async () => t?.close());

const watch = (who: SignedIn, listId: string, method: 'POST' | 'DELETE' = 'POST') => call(t, method, `/api/lists/${listId}/watch`, cookieOf(who));

/** A change of the list's rows by `actor`, as a committed write reports it. */
async function changedBy(actor: SignedIn, listId: string, changes = 1) {
  t.app.ctx.events.emit('listRowsChanged', { listId, actorId: actor.user.id, changes });
  await settle(t);
}

async function listNotices(who: SignedIn) {
  const res = await call(t, 'GET', '/api/notifications', cookieOf(who));
  expect(res.statusCode).toBe(200);
  return (res.json().items as Record<string, any>[]).filter((n) => n.type === 'list_changed');
}

describe('POST and DELETE /api/lists/{id}/watch', () => {
  it('answers { watching }, idempotently, for the list’s owner (cookie or Bearer)', async () => {
    const owner = await activeUser(t);
    const list = await createList(t, cookieOf(owner));
    for (let i = 0; i < 2; i++) {
      const res = await watch(owner, list.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ watching: true });
    }
    expect(await t.db.kysely.selectFrom('list_watchers').selectAll().where('list_id', '=', list.id).execute()).toHaveLength(1);
    const off = await call(t, 'DELETE', `/api/lists/${list.id}/watch`, bearerOf(owner));
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ watching: false });
    expect((await watch(owner, list.id, 'DELETE')).json()).toEqual({ watching: false });
    expect(await t.db.kysely.selectFrom('list_watchers').selectAll().where('list_id', '=', list.id).execute()).toHaveLength(0);
  });

  it('404 for a list the caller may not read (another’s, public or not, or none), 401 anonymous, 403 read-only; nothing changes', async () => {
    const owner = await activeUser(t);
    const other = await activeUser(t);
    const privateList = await createList(t, cookieOf(owner));
    const publicList = await createList(t, cookieOf(owner), { isPublic: true });
    for (const id of [privateList.id, publicList.id, 'no-such-list']) {
      expectError(await watch(other, id), 404);
      expectError(await watch(other, id, 'DELETE'), 404);
    }
    expectError(await call(t, 'POST', `/api/lists/${privateList.id}/watch`), 401);
    await setUserFields(t.db, owner.user.id, { account_status: 'restricted' });
    expectError(await watch(owner, privateList.id), 403, 'account_restricted');
    expect(await t.db.kysely.selectFrom('list_watchers').selectAll().where('list_id', 'in', [privateList.id, publicList.id]).execute()).toEqual([]);
  });
});

describe('listRowsChanged: what row writes report', () => {
  it('each add, edit, delete and restore through the API reports one change by its writer, after it committed', async () => {
    const owner = await activeUser(t);
    const list = await createList(t, cookieOf(owner));
    const events = recordEvents(t, ['listRowsChanged']);
    const row = await addRow(t, cookieOf(owner), list.id, { title: 'Dune' });
    expect((await call(t, 'PUT', `/api/lists/${list.id}/data`, cookieOf(owner), { rowId: row.id, data: { pages: 3 } })).statusCode).toBe(200);
    expect((await call(t, 'DELETE', `/api/lists/${list.id}/data/${row.id}`, cookieOf(owner))).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/lists/${list.id}/data/${row.id}/restore`, cookieOf(owner))).statusCode).toBe(200);
    // Refused writes report nothing.
    expect((await call(t, 'POST', `/api/lists/${list.id}/data`, cookieOf(owner), { data: { pages: 0 } })).statusCode).toBe(400);
    expect((await call(t, 'DELETE', `/api/lists/${list.id}/data/nope`, cookieOf(owner))).statusCode).toBe(404);
    events.stop();
    expect(events.of('listRowsChanged')).toEqual(Array.from({ length: 4 }, () => ({ listId: list.id, actorId: owner.user.id, changes: 1 })));
  });

  it('an import reports once, counting every row it wrote; a dry run and a refused all-or-nothing import report nothing', async () => {
    const owner = await activeUser(t);
    const list = await createList(t, cookieOf(owner));
    await addRow(t, cookieOf(owner), list.id, { title: 'Old', isbn: 'X-1' });
    const events = recordEvents(t, ['listRowsChanged']);
    const csv = 'title,isbn\nNew one,X-2\nOld renamed,X-1\nNew two,X-3\n';
    const dry = await uploadCsv(t, cookieOf(owner), list.id, csv, { dryRun: 'true', upsertKey: 'isbn' });
    expect((await importFinished(t, cookieOf(owner), list.id, dry.json().job.id)).status).toBe('done');
    const refused = await uploadCsv(t, cookieOf(owner), list.id, 'title,pages\nA,1\n,2\n', { mode: 'all-or-nothing' });
    expect((await importFinished(t, cookieOf(owner), list.id, refused.json().job.id)).status).toBe('failed');
    await settle(t);
    expect(events.of('listRowsChanged')).toEqual([]);
    const real = await uploadCsv(t, cookieOf(owner), list.id, csv, { upsertKey: 'isbn' });
    const job = await importFinished(t, cookieOf(owner), list.id, real.json().job.id);
    expect(job).toMatchObject({ status: 'done', inserted: 2, updated: 1 });
    await settle(t);
    events.stop();
    expect(events.of('listRowsChanged')).toEqual([{ listId: list.id, actorId: owner.user.id, changes: 3 }]);
  });
});

describe('list_changed notices, folded while unread', () => {
  it('a change by someone else gives the watcher one notice: type, target.listId, routePath, metadata.actor and changes', async () => {
    const owner = await activeUser(t);
    const collaborator = await activeUser(t);
    const list = await createList(t, cookieOf(owner), { title: 'Reading' });
    expect((await watch(owner, list.id)).statusCode).toBe(200);
    await changedBy(collaborator, list.id);
    const [notice, ...more] = await listNotices(owner);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      type: 'list_changed',
      routePath: `/lists/${list.id}`,
      actionUrl: `/lists/${list.id}`,
      readAt: null,
      target: { messageId: null, listId: list.id, orgId: null },
      metadata: { listId: list.id, changes: 1, actor: { id: collaborator.user.id, username: collaborator.user.username } },
    });
    expect([notice.title, notice.body]).toEqual(['A list you watch changed', `${collaborator.user.display_name} changed a row of “Reading”`]);
    expect(Object.keys(notice.metadata).sort()).toEqual(['actor', 'changes', 'listId']);
    expect(notice.metadata.actor).toEqual({ id: collaborator.user.id, username: collaborator.user.username, displayName: collaborator.user.display_name, avatar: null });
    const stored = await t.db.kysely.selectFrom('notifications').select(['actor_id', 'target_message_id', 'target_org_id']).where('id', '=', notice.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ actor_id: collaborator.user.id, target_message_id: null, target_org_id: null });
  });

  it('a notice whose stored count is missing or not a positive whole number counts from what it holds: nothing', async () => {
    const owner = await activeUser(t);
    const actor = await activeUser(t);
    const list = await createList(t, cookieOf(owner), { title: 'Odd' });
    await watch(owner, list.id);
    for (const changes of [undefined, 'many', 0, -3, 2.5]) {
      await changedBy(actor, list.id);
      const [notice] = await listNotices(owner);
      await t.db.kysely.updateTable('notifications').set({ metadata: JSON.stringify({ listId: list.id, changes }) }).where('id', '=', notice.id).execute();
      await changedBy(actor, list.id, 2);
      const [folded, ...more] = await listNotices(owner);
      expect(more).toEqual([]);
      expect([folded.id, folded.metadata.changes]).toEqual([notice.id, 2]);
      expect(folded.body).toBe(`2 changes to “Odd”, the latest by ${actor.user.display_name}`);
      await call(t, 'DELETE', `/api/notifications/${notice.id}`, cookieOf(owner));
    }
  });

  it('further changes while it is unread add to metadata.changes (an import by its row count); once read, the next change starts a new one', async () => {
    const owner = await activeUser(t);
    const a = await activeUser(t);
    const b = await activeUser(t);
    const list = await createList(t, cookieOf(owner), { title: 'Groceries' });
    await watch(owner, list.id);
    await changedBy(a, list.id);
    await changedBy(b, list.id);
    await changedBy(a, list.id, 40);
    let notices = await listNotices(owner);
    expect(notices).toHaveLength(1);
    expect(notices[0].metadata).toMatchObject({ changes: 42, actor: { id: a.user.id } });
    expect(notices[0].body).toBe(`42 changes to “Groceries”, the latest by ${a.user.display_name}`);
    const tray = await call(t, 'GET', '/api/notifications?scope=tray', cookieOf(owner));
    expect(tray.json().unreadCount).toBe(1);

    expect((await call(t, 'PATCH', `/api/notifications/${notices[0].id}/read`, cookieOf(owner))).statusCode).toBe(200);
    await changedBy(b, list.id);
    notices = await listNotices(owner);
    expect(notices.map((n) => [n.metadata.changes, n.readAt === null])).toEqual([
      [1, true],
      [42, false],
    ]);
    // A deleted unread notice is no longer there to fold into either.
    expect((await call(t, 'DELETE', `/api/notifications/${notices[0].id}`, cookieOf(owner))).statusCode).toBe(200);
    await changedBy(a, list.id, 2);
    expect((await listNotices(owner)).map((n) => n.metadata.changes)).toEqual([2, 42]);
  });

  it('the watcher’s own changes, and those of an unwatched list, tell no one', async () => {
    const owner = await activeUser(t);
    const other = await activeUser(t);
    const watched = await createList(t, cookieOf(owner));
    const unwatched = await createList(t, cookieOf(owner));
    await watch(owner, watched.id);
    const row = await addRow(t, cookieOf(owner), watched.id, { title: 'Mine' });
    expect((await call(t, 'PUT', `/api/lists/${watched.id}/data`, cookieOf(owner), { rowId: row.id, data: { pages: 9 } })).statusCode).toBe(200);
    await changedBy(owner, watched.id, 5);
    await changedBy(other, unwatched.id);
    await watch(owner, watched.id, 'DELETE');
    await changedBy(other, watched.id);
    expect(await listNotices(owner)).toEqual([]);
  });

  it('a watcher who can no longer read the list is told nothing', async () => {
    const owner = await activeUser(t);
    const formerReader = await activeUser(t);
    const list = await createList(t, cookieOf(owner));
    // A watch left from when they could read it (a collaborator since removed).
    await t.db.kysely.insertInto('list_watchers').values({ list_id: list.id, user_id: formerReader.user.id, created_at: t.clock.now().toISOString() }).execute();
    await watch(owner, list.id);
    const collaborator = await activeUser(t);
    await changedBy(collaborator, list.id);
    expect(await listNotices(formerReader)).toEqual([]);
    expect(await listNotices(owner)).toHaveLength(1);
  });
});

describe('watches and purge, account deletion and the archive', () => {
  it('purging a user’s lists removes the watches of those lists and the user’s own; deleting an account removes its watches', async () => {
    const owner = await activeUser(t);
    const other = await activeUser(t);
    const mine = await createList(t, cookieOf(owner));
    const theirs = await createList(t, cookieOf(other));
    await watch(owner, mine.id);
    await watch(other, theirs.id);
    await t.db.kysely.insertInto('list_watchers').values({ list_id: mine.id, user_id: other.user.id, created_at: t.clock.now().toISOString() }).execute();
    const admin = { cookie: t.admin.cookie };
    const dry = await call(t, 'POST', `/api/admin/users/${owner.user.id}/purge`, admin, { categories: { lists: true, messages: false, documents: false, directMessages: false }, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(await t.db.kysely.selectFrom('list_watchers').select('user_id').where('list_id', '=', mine.id).execute()).toHaveLength(2);
    const purge = await call(t, 'POST', `/api/admin/users/${owner.user.id}/purge`, admin, { categories: { lists: true, messages: false, documents: false, directMessages: false } });
    expect(purge.statusCode, purge.body).toBe(200);
    expect(await t.db.kysely.selectFrom('list_watchers').selectAll().where('list_id', '=', mine.id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('list_watchers').selectAll().where('user_id', '=', other.user.id).execute()).toHaveLength(1);

    const deleted = await call(t, 'DELETE', `/api/admin/users/${other.user.id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.kysely.selectFrom('list_watchers').selectAll().where('user_id', '=', other.user.id).execute()).toEqual([]);
  });

  it('the data archive lists the lists the user watches', async () => {
    const owner = await activeUser(t);
    const list = await createList(t, cookieOf(owner), { title: 'Watched list' });
    await watch(owner, list.id);
    const part = t.app.ctx.userData.find((p) => p.key === 'listWatchers')!;
    const files = [];
    for await (const f of part.exportFiles!(t.app.ctx, owner.user.id)) files.push(f);
    expect(files.map((f) => f.path)).toEqual(['lists/watching.json']);
    expect(JSON.parse(String(files[0].content))).toEqual([{ listId: list.id, title: 'Watched list', since: expect.any(String) }]);
  });
});
