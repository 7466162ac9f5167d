import { expect } from 'vitest';
import { unsubscribeToken } from '../../src/features/notifications/unsubscribe.js';
import { call, member, post, type Member } from '../messages/helpers.js';
import {
  anonymous,
  authorizationMatrix,
  BLOCKED,
  byBearer,
  byCookie,
  castOf,
  freeImage,
  idsIn,
  PROBATION,
  RESTRICTED,
  UNAUTHENTICATED as ANON,
  USER_NOT_FOUND,
  type Call,
  type Expect,
} from './matrix.js';

// Authorization of notifications, preferences, push devices, blocks, mutes, reports of users and
// direct messages (issue 6), for anonymous callers, the owner (cookie and Bearer), another user, a
// user the owner blocks, a user the owner mutes, a probation account and a restricted account.

const ROLES = ['anonymous', 'owner', 'bearer', 'other', 'blocked', 'muted', 'probation', 'restricted'] as const;
type Role = (typeof ROLES)[number];

interface Fixtures {
  owner: Member;
  blocked: Member;
  muted: Member;
  /** Someone the owner writes to. */
  pal: Member;
  /** A public message of the owner, for digs that notify them. */
  message: string;
  notification: string;
  device: string;
  /** The owner's one-click unsubscribe token for follow e-mails. */
  unsubscribe: string;
  /** Direct messages between the owner and pal. */
  dms: string[];
  /** Two free image uploads of the owner (one for the cookie, one for the Bearer token). */
  uploads: { owner: string; bearer: string };
}

type C = Call<Fixtures, Role>;
type Fresh = Omit<C, 'fresh'>;

const isOwner = (role: Role) => role === 'owner' || role === 'bearer';

/** A new notification of the owner: a new user digs the owner's message (a real dig event). */
async function notifyOwner(c: Pick<C, 't' | 'f'>): Promise<string> {
  const digger = await member(c.t);
  const res = await call(c.t, digger, 'POST', `/api/messages/${c.f.message}/dig`);
  expect(res.statusCode, res.body).toBe(200);
  await c.t.app.ctx.events.idle();
  const row = await c.t.db.kysely
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', c.f.owner.user.id)
    .where('actor_id', '=', digger.user.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function sendDm(c: Pick<C, 't'>, from: Member, to: Member, content: string): Promise<string> {
  const res = await call(c.t, from, 'POST', '/api/direct-messages', { recipient: to.user.username, content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().directMessage.id;
}

const readAt = async (c: C, id: string) =>
  (await c.t.db.kysely.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirst())?.read_at;

const ownerDevice = async (c: C, token: string) =>
  c.t.db.kysely.selectFrom('push_devices').select('user_id').where('token', '=', token).where('user_id', '=', c.f.owner.user.id).executeTakeFirst();

/** The owner's relation to `target` in `table` (blocks or mutes) is still there. */
async function ownerStill(c: C, table: 'blocks' | 'mutes', target: Member) {
  const q =
    table === 'blocks'
      ? c.t.db.kysely.selectFrom('blocks').select('blocker_id').where('blocker_id', '=', c.f.owner.user.id).where('blocked_id', '=', target.user.id)
      : c.t.db.kysely.selectFrom('mutes').select('muter_id').where('muter_id', '=', c.f.owner.user.id).where('muted_id', '=', target.user.id);
  expect(await q.executeTakeFirst(), `the owner's ${table} row`).toBeDefined();
}

/** Every signed-in caller gets `status` for their own data; restricted accounts too unless it is a write. */
const signedIn = (status: number, write = true) =>
  ({ anonymous: ANON, owner: status, bearer: status, other: status, blocked: status, muted: status, probation: status, restricted: write ? RESTRICTED : status }) as const;
/** The same answer for every caller, credentials or not. */
const everyone = (e: Expect) => ({ anonymous: e, owner: e, bearer: e, other: e, blocked: e, muted: e, probation: e, restricted: e });

authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) => op.tags.some((tag) => ['notifications', 'devices', 'blocks', 'direct-messages'].includes(tag)),
  auth: { 'POST /api/notifications/unsubscribe': 'Public' },
  tables: ['notifications', 'notification_preferences', 'push_devices', 'blocks', 'mutes', 'user_reports', 'direct_messages', 'follows', 'follow_requests'],
  async setup(t) {
    const cast = await castOf(t);
    const { owner } = cast;
    const [blocked, muted, pal] = [await member(t), await member(t), await member(t)];
    for (const [action, target] of [['block', blocked], ['mute', muted]] as const) {
      const res = await call(t, owner, 'POST', `/api/users/${target.user.username}/${action}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const message = (await post(t, owner, { content: 'dig me', publiclyVisible: true })).id;
    const device = 'owner-device-token';
    expect((await call(t, owner, 'POST', '/api/push/register', { token: device, platform: 'ios' })).statusCode).toBe(200);
    const base = { t, f: { owner, message } as Fixtures };
    const dms = [await sendDm(base, owner, pal, 'hello pal'), await sendDm(base, pal, owner, 'hello owner')];
    const store = () => freeImage(t, owner);
    return {
      f: {
        owner,
        blocked,
        muted,
        pal,
        message,
        notification: await notifyOwner(base),
        device,
        unsubscribe: await unsubscribeToken(t.app.ctx, owner.user.id, 'follow'),
        dms,
        uploads: { owner: await store(), bearer: await store() },
      },
      actors: {
        anonymous,
        owner: byCookie(owner),
        bearer: byBearer(owner),
        other: byCookie(cast.other),
        blocked: byCookie(blocked),
        muted: byCookie(muted),
        probation: byCookie(cast.probation),
        restricted: byCookie(cast.restricted),
      },
    };
  },
  rows: [
    // ---- notifications: the caller's own only
    ...['', 'scope=tray'].map((query) => ({
      op: 'GET /api/notifications',
      label: query || 'feed',
      query: () => query,
      expect: signedIn(200, false),
      ok: (res: Parameters<typeof idsIn>[0], c: C) => expect(idsIn(res, 'items').includes(c.f.notification), 'the owner’s notification listed').toBe(isOwner(c.role)),
    })),
    {
      op: 'PATCH /api/notifications/{id}/read',
      fresh: async (c: Fresh) => ({ id: await notifyOwner(c) }),
      params: (c) => ({ id: c.fresh.id }),
      expect: { anonymous: ANON, owner: 200, bearer: 200, other: 404, blocked: 404, muted: 404, probation: 404, restricted: RESTRICTED },
      ok: async (_res, c) => expect(await readAt(c, c.fresh.id)).not.toBeNull(),
    },
    {
      op: 'POST /api/notifications/mark-all-read',
      fresh: async (c: Fresh) => ({ id: await notifyOwner(c) }),
      expect: signedIn(200),
      ok: async (_res, c) => expect((await readAt(c, c.fresh.id)) !== null, 'the owner’s notification read').toBe(isOwner(c.role)),
    },
    {
      op: 'DELETE /api/notifications/{id}',
      fresh: async (c: Fresh) => ({ id: await notifyOwner(c) }),
      params: (c) => ({ id: c.fresh.id }),
      expect: { anonymous: ANON, owner: 200, bearer: 200, other: 404, blocked: 404, muted: 404, probation: 404, restricted: RESTRICTED },
      ok: async (_res, c) => expect(await readAt(c, c.fresh.id)).toBeUndefined(),
    },
    {
      op: 'GET /api/user/notification-preferences',
      expect: signedIn(200, false),
    },
    {
      op: 'PATCH /api/user/notification-preferences',
      body: () => ({ key: 'dig', channels: { push: false } }),
      expect: signedIn(200),
      ok: async (_res, c) => {
        const rows = await c.t.db.kysely.selectFrom('notification_preferences').select('user_id').where('user_id', '=', c.actor.member!.user.id).execute();
        expect(rows.length, 'the caller’s own preference stored').toBeGreaterThan(0);
      },
    },
    {
      op: 'POST /api/notifications/unsubscribe',
      label: 'the owner’s token: the token is the credential',
      query: (c) => `token=${encodeURIComponent(c.f.unsubscribe)}`,
      expect: everyone(200),
      ok: (res) => expect(res.json()).toEqual({ ok: true, key: 'follow' }),
    },
    {
      op: 'POST /api/notifications/unsubscribe',
      label: 'a forged token',
      query: (c) => `token=${encodeURIComponent(`${c.f.unsubscribe.split('.')[0]}.${'A'.repeat(43)}`)}`,
      expect: everyone([400, 'invalid_token']),
    },

    // ---- push devices
    {
      op: 'POST /api/push/register',
      body: (c) => ({ token: `device-of-${c.role}`, platform: 'android' }),
      expect: signedIn(200),
    },
    {
      op: 'GET /api/push/devices',
      label: 'each caller sees only its own devices, never the owner’s',
      fresh: async (c: Fresh) => {
        const token = `listed-device-${Math.random().toString(16).slice(2)}`;
        expect((await call(c.t, c.f.owner, 'POST', '/api/push/register', { token, platform: 'ios' })).statusCode).toBe(200);
        return { token };
      },
      expect: signedIn(200, false),
      ok: async (res, c) => expect(res.json().devices.some((d: { token: string }) => d.token === c.fresh.token), 'the owner’s device listed').toBe(isOwner(c.role)),
    },
    {
      op: 'DELETE /api/push/unregister',
      label: 'the owner’s token: only the owner’s own call removes it',
      fresh: async (c: Fresh) => {
        const token = `owner-device-${Math.random().toString(16).slice(2)}`;
        expect((await call(c.t, c.f.owner, 'POST', '/api/push/register', { token, platform: 'ios' })).statusCode).toBe(200);
        return { token };
      },
      body: (c) => ({ token: c.fresh.token }),
      expect: signedIn(200),
      ok: async (_res, c) => expect(!!(await ownerDevice(c, c.fresh.token)), 'the owner’s device still registered').toBe(!isOwner(c.role)),
    },

    // ---- blocks, mutes, reports of users (acting on the owner)
    {
      op: 'POST /api/users/{username}/block',
      params: (c) => ({ username: c.f.owner.user.username }),
      restore: ['blocks', 'follows', 'follow_requests'],
      expect: { anonymous: ANON, owner: [400, 'cannot_block_self'], bearer: [400, 'cannot_block_self'], other: 200, blocked: 200, muted: 200, probation: 200, restricted: RESTRICTED },
      ok: (res) => expect(res.json()).toEqual({ blocking: true }),
    },
    {
      op: 'DELETE /api/users/{username}/block',
      params: (c) => ({ username: c.f.owner.user.username }),
      restore: ['blocks'],
      expect: { anonymous: ANON, owner: [400, 'cannot_block_self'], bearer: [400, 'cannot_block_self'], other: 200, blocked: 200, muted: 200, probation: 200, restricted: RESTRICTED },
      // Undoing one's own block never undoes the owner's.
      ok: (_res, c) => ownerStill(c, 'blocks', c.f.blocked),
    },
    {
      op: 'POST /api/users/{username}/mute',
      params: (c) => ({ username: c.f.owner.user.username }),
      restore: ['mutes'],
      expect: { anonymous: ANON, owner: [400, 'cannot_mute_self'], bearer: [400, 'cannot_mute_self'], other: 200, blocked: 200, muted: 200, probation: 200, restricted: RESTRICTED },
      ok: (res) => expect(res.json()).toEqual({ muting: true }),
    },
    {
      op: 'DELETE /api/users/{username}/mute',
      params: (c) => ({ username: c.f.owner.user.username }),
      restore: ['mutes'],
      expect: { anonymous: ANON, owner: [400, 'cannot_mute_self'], bearer: [400, 'cannot_mute_self'], other: 200, blocked: 200, muted: 200, probation: 200, restricted: RESTRICTED },
      ok: (_res, c) => ownerStill(c, 'mutes', c.f.muted),
    },
    {
      op: 'GET /api/user/blocks',
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'users').includes(c.f.blocked.user.id), 'the owner’s block listed').toBe(isOwner(c.role)),
    },
    {
      op: 'GET /api/user/mutes',
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'users').includes(c.f.muted.user.id), 'the owner’s mute listed').toBe(isOwner(c.role)),
    },
    {
      op: 'POST /api/users/{username}/report',
      params: (c) => ({ username: c.f.owner.user.username }),
      body: () => ({ reason: 'harassment', detail: 'matrix' }),
      expect: { anonymous: ANON, owner: [400, 'cannot_report_self'], bearer: [400, 'cannot_report_self'], other: 201, blocked: 201, muted: 201, probation: 201, restricted: RESTRICTED },
    },

    // ---- direct messages
    {
      op: 'POST /api/direct-messages',
      label: 'to the owner',
      body: (c) => ({ recipient: c.f.owner.user.username, content: `hi from ${c.role}` }),
      expect: {
        anonymous: ANON,
        owner: [400, 'cannot_message_self'],
        bearer: [400, 'cannot_message_self'],
        other: 201,
        blocked: BLOCKED,
        muted: 201,
        probation: PROBATION,
        restricted: RESTRICTED,
      },
    },
    {
      op: 'POST /api/direct-messages',
      label: 'with the owner’s upload: only its owner may attach it',
      body: (c) => ({ recipient: c.f.pal.user.username, content: 'a picture', imageUrls: [c.role === 'bearer' ? c.f.uploads.bearer : c.f.uploads.owner] }),
      expect: {
        anonymous: ANON,
        owner: 201,
        bearer: 201,
        other: [400, 'invalid_media'],
        blocked: [400, 'invalid_media'],
        muted: [400, 'invalid_media'],
        probation: PROBATION,
        restricted: RESTRICTED,
      },
    },
    {
      op: 'GET /api/direct-messages',
      expect: signedIn(200, false),
      ok: (res, c) => {
        const partners = (res.json().conversations as { user: { id: string } }[]).map((x) => x.user.id);
        expect(partners.includes(c.f.pal.user.id), 'the owner’s conversation with pal listed').toBe(isOwner(c.role));
        if (c.role === 'blocked') expect(partners).not.toContain(c.f.owner.user.id);
      },
    },
    {
      op: 'GET /api/direct-messages/{target}',
      label: 'with the owner',
      params: (c) => ({ target: c.f.owner.user.username }),
      expect: { anonymous: ANON, owner: 200, bearer: 200, other: 200, blocked: USER_NOT_FOUND, muted: 200, probation: 200, restricted: 200 },
      ok: (res, c) => expect(idsIn(res, 'messages').filter((id) => c.f.dms.includes(id)), 'the owner’s messages with pal').toEqual([]),
    },
    {
      op: 'GET /api/direct-messages/{target}',
      label: 'with the owner’s correspondent',
      params: (c) => ({ target: c.f.pal.user.username }),
      expect: signedIn(200, false),
      ok: (res, c) => expect(idsIn(res, 'messages').filter((id) => c.f.dms.includes(id)).length, 'the owner’s messages with pal').toBe(isOwner(c.role) ? 2 : 0),
    },
    {
      op: 'DELETE /api/direct-messages/{target}',
      label: 'a message the owner sent',
      fresh: async (c: Fresh) => ({ id: await sendDm(c, c.f.owner, c.f.pal, 'delete me') }),
      params: (c) => ({ target: c.fresh.id }),
      expect: { anonymous: ANON, owner: 200, bearer: 200, other: 404, blocked: 404, muted: 404, probation: 404, restricted: RESTRICTED },
    },
    {
      op: 'DELETE /api/direct-messages/{target}',
      label: 'a message the owner received: not the recipient’s to delete',
      fresh: async (c: Fresh) => ({ id: await sendDm(c, c.f.pal, c.f.owner, 'not yours to delete') }),
      params: (c) => ({ target: c.fresh.id }),
      expect: signedIn(404),
    },
  ],
});
