import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createAdminApp, login, makeUser, type AdminTestApp } from '../admin/helpers.js';
import { NAME_HOLD_MS } from '../../src/features/users/service.js';
import { PURGE_CATEGORIES } from '../../src/runtime/module.js';
import { setUserFields } from '../helpers/app.js';
import { account, as, ok, rowsNaming, seedContent, type Account } from './seed.js';

// Account deletion: DELETE /api/user (Session, confirmed by the password), and by administrators
// (DELETE /api/admin/users/{userId}, POST /api/admin/users/bulk-delete). Everything the purge
// removes goes, plus the account and every trace of it; names are free after the cooling-off.

let t: AdminTestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'deletion-'));
  t = await createAdminApp({ smtp: false, env: { DATA_DIR: dataDir, CRON_SECRET: 'cron-secret-for-tests' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const deleteSelf = (who: Account, payload?: unknown, bearer = false) =>
  t.app.inject({ method: 'DELETE', url: '/api/user', headers: bearer ? { authorization: who.bearer } : { cookie: who.cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** Every column the removal parts name: after a deletion none may still name the user. */
function coveredColumns(): string[] {
  return [...new Set(t.app.ctx.userData.flatMap((p) => p.covers))];
}

async function expectGone(who: Account, seeded: Awaited<ReturnType<typeof seedContent>>, other: Account) {
  for (const column of [...coveredColumns(), 'users.id']) expect(await rowsNaming(t, column, who.user.id), column).toBe(0);
  for (const key of seeded.blobKeys) expect(await t.app.ctx.blobs.exists(key)).toBe(false);
  // Credentials stop at once; the profile and public pages are unknown.
  expect((await as(t, who, 'GET', '/api/user')).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: who.bearer } })).statusCode).toBe(401);
  expect((await as(t, other, 'GET', `/api/users/${who.username}`)).statusCode).toBe(404);
  expect((await as(t, null, 'GET', `/api/user/${who.username}/messages`)).statusCode).toBe(404);
  expect((await as(t, null, 'GET', `/api/users/${who.username}/lists`)).statusCode).toBe(404);
  // A reply of the other user stays, its parent shown as gone.
  const reply = await ok(t, other, 'GET', `/api/messages/${seeded.others.reply}`, undefined, 200);
  expect(reply.parentId).toBe(seeded.messages.top);
  expect((await as(t, other, 'GET', `/api/messages/${seeded.messages.top}`)).statusCode).toBe(404);
  // Nothing of theirs in the other user's feed, notifications, conversations or exports.
  const feed = (await ok(t, other, 'GET', '/api/messages?limit=100', undefined, 200)).messages as { user: { id: string } }[];
  expect(feed.filter((m) => m.user.id === who.user.id)).toEqual([]);
  const notes = (await ok(t, other, 'GET', '/api/notifications', undefined, 200)).items as { metadata: { actor?: { id: string } } }[];
  expect(notes.filter((n) => n.metadata.actor?.id === who.user.id)).toEqual([]);
  expect((await ok(t, other, 'GET', '/api/direct-messages', undefined, 200)).conversations).toEqual([]);
  const follows = await as(t, other, 'GET', '/api/exports/follows');
  expect(follows.statusCode).toBe(200);
  expect(follows.body).not.toContain(who.username);
  // The other user's own content stays.
  expect((await ok(t, other, 'GET', `/api/lists/${seeded.others.list}/data`, undefined, 200)).data).toHaveLength(1);
  expect((await as(t, other, 'GET', `/api/documents/${seeded.others.document}`)).statusCode).toBe(200);
}

describe('DELETE /api/user', () => {
  it('is Session only, needs the password (400 without, 403 when wrong) and changes nothing then', async () => {
    const me = await account(t);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user', payload: { password: me.password } })).statusCode).toBe(401);
    expect((await deleteSelf(me, { password: me.password }, true)).statusCode).toBe(401);
    const none = await deleteSelf(me);
    expect(none.statusCode).toBe(400);
    expect((await deleteSelf(me, {})).statusCode).toBe(400);
    expect((await deleteSelf(me, { password: 5 })).statusCode).toBe(400);
    const wrong = await deleteSelf(me, { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'The password is not correct', code: 'invalid_password' });
    expect((await ok(t, me, 'GET', '/api/user', undefined, 200)).user.id).toBe(me.user.id);
  });

  it('removes the account, its content and every trace; the names are free after the cooling-off period', async () => {
    const [me, other] = [await account(t), await account(t)];
    const seeded = await seedContent(t, me, other);
    const res = await deleteSelf(me, { password: me.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted' });
    await expectGone(me, seeded, other);
    const audit = await t.db.kysely.selectFrom('user_removals').selectAll().where('user_id', '=', me.user.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ kind: 'delete', admin_id: null, status: 'done' });
    expect(JSON.parse(audit.categories)).toEqual([...PURGE_CATEGORIES]);
    expect(JSON.parse(audit.counts)).toMatchObject({ messages: 3, directMessages: 1, directMessagesReceived: 1, documents: 3, lists: 1 });

    // The e-mail address and username stay taken for the cooling-off period, then are free.
    const again = { email: me.email, username: me.username, password: 'a new password 1', displayName: 'Again' };
    const early = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: again });
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('email_taken');
    const byName = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...again, email: `new-${me.email}` } });
    expect(byName.json().code).toBe('username_taken');
    // The housekeeping that frees expired holds leaves these alone until the period ends.
    const tooEarly = await t.app.inject({ method: 'GET', url: '/api/cron/purge-expired', headers: { authorization: 'Bearer cron-secret-for-tests' } });
    expect(tooEarly.json().nameHolds).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: again })).json().code).toBe('email_taken');
    t.clock.advance(NAME_HOLD_MS + 1000);
    const cron = await t.app.inject({ method: 'GET', url: '/api/cron/purge-expired', headers: { authorization: 'Bearer cron-secret-for-tests' } });
    expect(cron.statusCode, cron.body).toBe(200);
    expect(cron.json().nameHolds).toBeGreaterThanOrEqual(2);
    const later = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: again });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().user.id).not.toBe(me.user.id);
    // Thirty days on, the administrator's session has lapsed: sign in again for the next tests.
    t.admin.cookie = await login(t.app, ADMIN.email, ADMIN.password);
  });

  // Spec, States and transitions: restricted and suspended are read-only; deleting the account is
  // still the user's right (requireSessionForDeletion), while every other write stays refused.
  for (const status of ['restricted', 'suspended'] as const) {
    it(`lets a ${status} (read-only) account delete itself, and only that`, async () => {
      const [me, other] = [await account(t), await account(t)];
      const seeded = await seedContent(t, me, other);
      await setUserFields(t.db, me.user.id, { account_status: status });
      const write = await as(t, me, 'PATCH', '/api/user', { displayName: 'Still read-only' });
      expect(write.statusCode).toBe(403);
      expect(write.json().code).toBe(`account_${status}`);
      // The password confirmation still holds for them.
      const wrong = await deleteSelf(me, { password: 'not the password' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe('invalid_password');
      const res = await deleteSelf(me, { password: me.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Account deleted' });
      await expectGone(me, seeded, other);
    });
  }

  it('refuses an account without a password (signed in through a provider) with 403, whatever is sent', async () => {
    const me = await account(t);
    await setUserFields(t.db, me.user.id, { password_hash: null });
    const res = await deleteSelf(me, { password: me.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'The password is not correct', code: 'invalid_password' });
    expect(await rowsNaming(t, 'users.id', me.user.id)).toBe(1);
  });

  it('refuses a banned account (403 account_banned) and keeps it', async () => {
    const me = await account(t);
    await setUserFields(t.db, me.user.id, { account_status: 'banned' });
    const res = await deleteSelf(me, { password: me.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'This account has been banned', code: 'account_banned' });
    expect(await rowsNaming(t, 'users.id', me.user.id)).toBe(1);
  });

  it('refuses the last administrator', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user', headers: { cookie: t.admin.cookie }, payload: { password: ADMIN.password } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('last_administrator');
    expect((await as(t, { cookie: t.admin.cookie }, 'GET', '/api/user')).statusCode).toBe(200);
  });
});

describe('deletion by administrators', () => {
  it('DELETE /api/admin/users/{userId} removes everything the user held', async () => {
    const [doomed, other] = [await account(t), await account(t)];
    const seeded = await seedContent(t, doomed, other);
    const res = await as(t, { cookie: t.admin.cookie }, 'DELETE', `/api/admin/users/${doomed.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    await expectGone(doomed, seeded, other);
    const audit = await t.db.kysely.selectFrom('user_removals').selectAll().where('user_id', '=', doomed.user.id).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ kind: 'delete', admin_id: t.admin.id, status: 'done' });
  });

  it('POST /api/admin/users/bulk-delete removes each account the same way', async () => {
    const [a, b, other] = [await account(t), await account(t), await account(t)];
    const seededA = await seedContent(t, a, other);
    const res = await as(t, { cookie: t.admin.cookie }, 'POST', '/api/admin/users/bulk-delete', { userIds: [a.user.id, b.user.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    for (const column of [...coveredColumns(), 'users.id']) {
      expect(await rowsNaming(t, column, a.user.id), column).toBe(0);
      expect(await rowsNaming(t, column, b.user.id), column).toBe(0);
    }
    for (const key of seededA.blobKeys) expect(await t.app.ctx.blobs.exists(key)).toBe(false);
  });

  it('keeps the last-administrator rule', async () => {
    const second = await makeUser(t, { administrator: true });
    // Deleting the other administrator is fine while the caller remains one.
    expect((await as(t, { cookie: t.admin.cookie }, 'DELETE', `/api/admin/users/${second.user.id}`)).statusCode).toBe(200);
    const self = await as(t, { cookie: t.admin.cookie }, 'DELETE', `/api/admin/users/${t.admin.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('self_delete');
  });
});
