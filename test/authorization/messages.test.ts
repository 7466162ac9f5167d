import { describe, expect, it } from 'vitest';
import { smallPng, videoBytes } from '../media/images.js';
import { multipart } from '../media/support.js';
import { call, follows, member, post, type Member } from '../messages/helpers.js';
import {
  ADMIN_ONLY,
  anonymous,
  asActiveSubscriber,
  BLOCKED,
  authorizationMatrix,
  byBearer,
  byCookie,
  castOf,
  freeImage,
  idsIn,
  PROBATION,
  RESTRICTED,
  SESSION_ONLY,
  SUBSCRIPTION,
  UNAUTHENTICATED as ANON,
  USER_NOT_FOUND,
  type Call,
} from './matrix.js';

// Authorization of the Messages feature (issue 5): messages, following, the public user reads,
// media, the message and follow exports, the publish job and the administrators' reports, for
// anonymous callers, the owner (cookie and Bearer), another user, a follower, a free account, a
// probation account, a restricted account and an administrator, and (issue 6) a user the owner
// blocks and a user the owner mutes. The owner's account is private (follows become requests, the
// bio is for followers); `follower` follows the owner. A mute changes nothing for the muted user.

const ROLES = ['anonymous', 'owner', 'bearer', 'other', 'follower', 'free', 'probation', 'restricted', 'admin', 'blocked', 'muted'] as const;
type Role = (typeof ROLES)[number];

const CRON_SECRET = 'authorization-matrix-cron-secret';
/** A cross-post to a network the caller has not linked. */
const NOT_LINKED = [400, 'network_not_linked'] as const;

interface Fixtures {
  owner: Member;
  follower: Member;
  requester: Member;
  /** The owner's public, private and scheduled messages, and a private reply to the public one. */
  pub: string;
  priv: string;
  sched: string;
  privReply: string;
  /** Another user's public push of the owner's public message. */
  pushByOther: string;
  /** Two free image uploads of the owner (one for the cookie, one for the Bearer token). */
  uploads: { owner: string; bearer: string };
  mediaFile: string;
  reportId: string;
}

type C = Call<Fixtures, Role>;

const seesPrivate = (role: Role) => role === 'owner' || role === 'bearer' || role === 'follower';
const isOwner = (role: Role) => role === 'owner' || role === 'bearer';

/**
 * The public message is listed for all but the blocked user; the private one exactly for those
 * `seesPrivateHere` names (the feed: its author and followers); the scheduled one for nobody.
 */
function feedShows(key: string, seesPrivateHere: (role: Role) => boolean = seesPrivate) {
  return (res: { json(): any }, c: C) => {
    const ids = (res.json()[key] as { id: string }[]).map((m) => m.id);
    expect(ids.includes(c.f.pub), 'public message listed').toBe(c.role !== 'blocked');
    expect(ids.includes(c.f.priv), 'private message listed').toBe(seesPrivateHere(c.role));
    expect(ids.includes(c.f.sched), 'scheduled message listed').toBe(false);
  };
}

const future = (c: C, days = 2) => new Date(c.t.clock.now().getTime() + days * 24 * 3600_000).toISOString();

async function imageUpload() {
  return multipart({ filename: 'a.png', contentType: 'image/png', bytes: await smallPng() });
}

const matrix = authorizationMatrix<Fixtures, Role>({
  roles: ROLES,
  covers: (op) =>
    op.tags.some((tag) => ['messages', 'follows', 'media', 'search'].includes(tag)) ||
    ['/api/exports/messages', '/api/exports/follows'].includes(op.path) ||
    op.path.startsWith('/api/admin/reports'),
  auth: {
    'GET /api/messages': 'Optional',
    'GET /api/messages/{id}': 'Optional',
    'GET /api/messages/{id}/replies': 'Optional',
    'GET /api/user/{username}/messages': 'Optional',
    'GET /api/users/{username}': 'Optional',
    'GET /api/media/{file}': 'Public',
    'GET /api/exports/messages': 'Session',
    'GET /api/exports/follows': 'Session',
    'GET /api/cron/publish-scheduled-messages': 'Cron',
  },
  tables: ['messages', 'message_tags', 'digs', 'message_reports', 'follows', 'follow_requests', 'uploads'],
  app: { env: { CRON_SECRET } },
  async setup(t) {
    const cast = await castOf(t, { is_private: true, bio: 'for followers only' });
    const { owner } = cast;
    const follower = await member(t, { customer_status: 'subscriber' });
    await follows(t, follower, owner);
    const requester = await member(t);
    const [blocked, muted] = [await member(t, { customer_status: 'subscriber' }), await member(t, { customer_status: 'subscriber' })];
    for (const [action, target] of [['block', blocked], ['mute', muted]] as const) {
      expect((await call(t, owner, 'POST', `/api/users/${target.user.username}/${action}`)).statusCode).toBe(200);
    }
    expect((await call(t, requester, 'POST', `/api/users/${owner.user.username}/follow`)).json()).toEqual({ following: false, requested: true });

    const pub = (await post(t, owner, { content: 'authz public hello', publiclyVisible: true, tags: ['authz'] })).id;
    const priv = (await post(t, owner, { content: 'authz private hello', publiclyVisible: false, tags: ['authz'] })).id;
    const privReply = (await post(t, owner, { content: 'authz private reply', publiclyVisible: false, parentId: pub })).id;
    const sched = (await post(t, owner, { content: 'authz scheduled', publiclyVisible: true, scheduledAt: new Date(t.clock.now().getTime() + 3 * 24 * 3600_000).toISOString() })).id;

    const pushByOther = (await post(t, cast.other, { content: 'look at this', publiclyVisible: true, pushedMessageId: pub })).id;

    const uploads = { owner: await freeImage(t, owner), bearer: await freeImage(t, owner) };
    const mediaFile = new URL(await freeImage(t, owner)).pathname.replace('/api/media/', '');

    const report = await call(t, follower, 'POST', `/api/messages/${pub}/report`, { reason: 'spam' });
    expect(report.statusCode, report.body).toBe(201);

    return {
      f: { owner, follower, requester, pub, priv, sched, privReply, pushByOther, uploads, mediaFile, reportId: report.json().report.id },
      actors: {
        anonymous,
        owner: byCookie(owner),
        bearer: byBearer(owner),
        other: byCookie(cast.other),
        follower: byCookie(follower),
        free: byCookie(cast.free),
        probation: byCookie(cast.probation),
        restricted: byCookie(cast.restricted),
        admin: byCookie(cast.admin),
        blocked: byCookie(blocked),
        muted: byCookie(muted),
        cron: { headers: { authorization: `Bearer ${CRON_SECRET}` }, member: null },
      },
    };
  },
  rows: [
    // ---- reads
    {
      op: 'GET /api/messages',
      query: () => 'limit=100',
      expect: {
        anonymous: 200, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: feedShows('messages'),
    },
    {
      op: 'GET /api/messages',
      label: 'onlyMine',
      query: () => 'onlyMine=true&limit=100',
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: (res, c) => expect(idsIn(res, 'messages').includes(c.f.priv), 'own private message listed').toBe(isOwner(c.role)),
    },
    {
      op: 'GET /api/messages/search',
      query: () => 'q=authz&limit=100',
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: feedShows('messages'),
    },
    {
      // The search across kinds: its messages as the feed shows them (its documents and rows: test/search/).
      op: 'GET /api/search',
      query: () => 'q=authz&types=messages&limit=50',
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: feedShows('results'),
    },
    {
      op: 'GET /api/messages/scheduled',
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: (res, c) => expect(idsIn(res, 'messages').includes(c.f.sched), 'scheduled message listed').toBe(isOwner(c.role)),
    },
    {
      op: 'GET /api/messages/{id}',
      label: 'public',
      params: (c) => ({ id: c.f.pub }),
      expect: {
        anonymous: 200, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 404,
        muted: 200,
      },
      ok: (res, c) => {
        expect(res.json().id).toBe(c.f.pub);
        // The private reply is counted only for those who may read it.
        expect(res.json().replyCount, 'replyCount').toBe(seesPrivate(c.role) ? 1 : 0);
      },
    },
    {
      op: 'GET /api/messages/{id}',
      label: 'another user’s push of the owner’s message',
      params: (c) => ({ id: c.f.pushByOther }),
      expect: {
        anonymous: 200, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200,
        blocked: 200, muted: 200,
      },
      // The pushed message is embedded only for those who may read it.
      ok: (res, c) => expect(res.json().pushedMessage?.id ?? null, 'pushedMessage').toBe(c.role === 'blocked' ? null : c.f.pub),
    },
    {
      op: 'GET /api/messages/{id}',
      label: 'private: author and followers only',
      params: (c) => ({ id: c.f.priv }),
      expect: {
        anonymous: 404, owner: 200, bearer: 200, other: 404, follower: 200, free: 404, probation: 404, restricted: 404, admin: 404, blocked: 404,
        muted: 404,
      },
      ok: (res, c) => expect(res.json().id).toBe(c.f.priv),
    },
    {
      op: 'GET /api/messages/{id}',
      label: 'scheduled: author only',
      params: (c) => ({ id: c.f.sched }),
      expect: {
        anonymous: 404, owner: 200, bearer: 200, other: 404, follower: 404, free: 404, probation: 404, restricted: 404, admin: 404, blocked: 404,
        muted: 404,
      },
    },
    {
      op: 'GET /api/messages/{id}/replies',
      label: 'of a public message',
      params: (c) => ({ id: c.f.pub }),
      expect: {
        anonymous: 200, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 404,
        muted: 200,
      },
      ok: (res, c) => expect(idsIn(res).includes(c.f.privReply), 'private reply listed').toBe(seesPrivate(c.role)),
    },
    {
      op: 'GET /api/messages/{id}/replies',
      label: 'of a private message',
      params: (c) => ({ id: c.f.priv }),
      expect: {
        anonymous: 404, owner: 200, bearer: 200, other: 404, follower: 200, free: 404, probation: 404, restricted: 404, admin: 404, blocked: 404,
        muted: 404,
      },
    },
    {
      op: 'GET /api/user/{username}/messages',
      params: (c) => ({ username: c.f.owner.user.username }),
      query: () => 'limit=100',
      expect: {
        anonymous: 200, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200,
        blocked: USER_NOT_FOUND, muted: 200,
      },
      // A user's own timeline: their private messages for the owner only (spec), followers or not.
      ok: feedShows('messages', isOwner),
    },
    {
      op: 'GET /api/users/{username}',
      params: (c) => ({ username: c.f.owner.user.username }),
      expect: {
        anonymous: 200, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200,
        blocked: USER_NOT_FOUND, muted: 200,
      },
      ok: (res, c) => expect(res.json().user.bio, 'bio of a private account').toBe(seesPrivate(c.role) ? 'for followers only' : null),
    },

    // ---- posting. Order matters for probation: it posts at most 3 times an hour, and its
    // plain post, reply and push below are those 3 (the refusals before them post nothing).
    {
      op: 'POST /api/messages',
      label: 'reply to a private message',
      body: (c) => ({ content: 'a reply', parentId: c.f.priv }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 201, other: 404, follower: 201, free: 404, probation: 404, restricted: RESTRICTED, admin: 404,
        blocked: 404, muted: 404,
      },
    },
    {
      op: 'POST /api/messages',
      label: 'push of a private message',
      body: (c) => ({ pushedMessageId: c.f.priv }),
      expect: {
        anonymous: ANON, owner: [400, 'push_not_public'], bearer: [400, 'push_not_public'], other: 404, follower: [400, 'push_not_public'],
        free: 404, probation: 404, restricted: RESTRICTED, admin: 404, blocked: 404, muted: 404,
      },
    },
    {
      op: 'POST /api/messages',
      label: 'plain post',
      body: () => ({ content: 'hello there' }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 201, other: 201, follower: 201, free: 201, probation: 201, restricted: RESTRICTED, admin: 201,
        blocked: 201, muted: 201,
      },
      ok: (res, c) => expect(res.json().data.user.id).toBe(c.actor.member!.user.id),
    },
    {
      op: 'POST /api/messages',
      label: 'reply to a public message',
      body: (c) => ({ content: 'a reply', parentId: c.f.pub }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 201, other: 201, follower: 201, free: 201, probation: 201, restricted: RESTRICTED, admin: 201,
        blocked: BLOCKED, muted: 201,
      },
    },
    {
      op: 'POST /api/messages',
      label: 'push of a public message',
      body: (c) => ({ pushedMessageId: c.f.pub }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 201, other: 201, follower: 201, free: 201, probation: 201, restricted: RESTRICTED, admin: 201,
        blocked: BLOCKED, muted: 201,
      },
    },
    {
      op: 'POST /api/messages',
      label: 'scheduled (subscribers outside probation)',
      body: (c) => ({ content: 'later', scheduledAt: future(c) }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 201, other: 201, follower: 201, free: SUBSCRIPTION, probation: PROBATION, restricted: RESTRICTED,
        admin: 201, blocked: 201, muted: 201,
      },
    },
    {
      op: 'POST /api/messages',
      label: 'cross-post (subscribers outside probation; none of them has networkB linked)',
      body: () => ({ content: 'everywhere', crossPostToNetworkB: true }),
      expect: {
        anonymous: ANON, owner: NOT_LINKED, bearer: NOT_LINKED, other: NOT_LINKED, follower: NOT_LINKED, free: SUBSCRIPTION, probation: PROBATION,
        restricted: RESTRICTED, admin: NOT_LINKED, blocked: NOT_LINKED, muted: NOT_LINKED,
      },
    },
    {
      op: 'POST /api/messages',
      label: 'with the owner’s upload: only its owner may attach it',
      body: (c) => ({ content: 'a picture', imageUrls: [c.role === 'bearer' ? c.f.uploads.bearer : c.f.uploads.owner] }),
      expect: {
        anonymous: ANON,
        owner: 201,
        bearer: 201,
        other: [400, 'invalid_media'],
        follower: [400, 'invalid_media'],
        free: SUBSCRIPTION,
        probation: PROBATION,
        restricted: RESTRICTED,
        admin: [400, 'invalid_media'],
        blocked: [400, 'invalid_media'],
        muted: [400, 'invalid_media'],
      },
    },
    {
      op: 'PATCH /api/messages/{id}',
      params: (c) => ({ id: c.f.sched }),
      body: (c) => ({ scheduledAt: future(c, 4) }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 404, follower: 404, free: SUBSCRIPTION, probation: PROBATION, restricted: RESTRICTED,
        admin: 404, blocked: 404, muted: 404,
      },
    },
    {
      op: 'DELETE /api/messages/{id}',
      fresh: async (c) => ({ id: (await post(c.t, c.f.owner, { content: 'to delete', publiclyVisible: true })).id }),
      params: (c) => ({ id: c.fresh.id }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 404, follower: 404, free: 404, probation: 404, restricted: RESTRICTED, admin: 404,
        blocked: 404, muted: 404,
      },
      ok: async (_res, c) => expect((await call(c.t, c.f.owner, 'GET', `/api/messages/${c.fresh.id}`)).statusCode).toBe(404),
    },
    {
      op: 'GET /api/messages/{id}/cross-posts',
      params: (c) => ({ id: c.f.pub }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 404, follower: 404, free: 404, probation: 404, restricted: 404, admin: 404,
        blocked: 404, muted: 404,
      },
      ok: (res) => expect(res.json()).toEqual({ crossPosts: [] }),
    },
    {
      op: 'POST /api/messages/{id}/cross-posts/retry',
      params: (c) => ({ id: c.f.pub }),
      expect: {
        anonymous: ANON, owner: 202, bearer: 202, other: 404, follower: 404, free: 404, probation: 404, restricted: RESTRICTED, admin: 404,
        blocked: 404, muted: 404,
      },
      ok: (res) => expect(res.json()).toEqual({ crossPosts: [] }),
    },
    {
      op: 'DELETE /api/messages/{id}',
      label: 'the caller’s own message: a restricted account may not delete even its own',
      fresh: async (c) => {
        const author = c.actor.member ?? c.f.owner;
        return { id: (await asActiveSubscriber(c.t, author, () => post(c.t, author, { content: 'mine to delete' }))).id };
      },
      params: (c) => ({ id: c.fresh.id }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: RESTRICTED, admin: 200,
        blocked: 200, muted: 200,
      },
    },

    // ---- digs and reports
    {
      op: 'POST /api/messages/{id}/dig',
      label: 'public',
      params: (c) => ({ id: c.f.pub }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: RESTRICTED, admin: 200,
        blocked: BLOCKED, muted: 200,
      },
    },
    {
      op: 'POST /api/messages/{id}/dig',
      label: 'private',
      params: (c) => ({ id: c.f.priv }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 404, follower: 200, free: 404, probation: 404, restricted: RESTRICTED, admin: 404,
        blocked: 404, muted: 404,
      },
    },
    {
      op: 'DELETE /api/messages/{id}/dig',
      label: 'public',
      params: (c) => ({ id: c.f.pub }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: RESTRICTED, admin: 200,
        blocked: 404, muted: 200,
      },
    },
    {
      op: 'DELETE /api/messages/{id}/dig',
      label: 'private',
      params: (c) => ({ id: c.f.priv }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 404, follower: 200, free: 404, probation: 404, restricted: RESTRICTED, admin: 404,
        blocked: 404, muted: 404,
      },
    },
    {
      op: 'POST /api/messages/{id}/report',
      label: 'public (the follower reported it already: an update)',
      params: (c) => ({ id: c.f.pub }),
      body: () => ({ reason: 'other', detail: 'matrix' }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 200, other: 201, follower: 200, free: 201, probation: 201, restricted: RESTRICTED, admin: 201,
        blocked: 404, muted: 201,
      },
    },
    {
      op: 'POST /api/messages/{id}/report',
      label: 'private',
      params: (c) => ({ id: c.f.priv }),
      body: () => ({ reason: 'spam' }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 200, other: 404, follower: 201, free: 404, probation: 404, restricted: RESTRICTED, admin: 404,
        blocked: 404, muted: 404,
      },
    },
    {
      op: 'GET /api/admin/reports',
      expect: {
        anonymous: ANON, owner: ADMIN_ONLY, bearer: ADMIN_ONLY, other: ADMIN_ONLY, follower: ADMIN_ONLY, free: ADMIN_ONLY, probation: ADMIN_ONLY,
        restricted: ADMIN_ONLY, admin: 200, blocked: ADMIN_ONLY, muted: ADMIN_ONLY,
      },
      ok: (res, c) => expect(idsIn(res, 'reports')).toContain(c.f.reportId),
    },
    {
      op: 'PATCH /api/admin/reports/{id}',
      params: (c) => ({ id: c.f.reportId }),
      body: () => ({ status: 'resolved', note: 'checked' }),
      expect: {
        anonymous: ANON, owner: ADMIN_ONLY, bearer: ADMIN_ONLY, other: ADMIN_ONLY, follower: ADMIN_ONLY, free: ADMIN_ONLY, probation: ADMIN_ONLY,
        restricted: ADMIN_ONLY, admin: 200, blocked: ADMIN_ONLY, muted: ADMIN_ONLY,
      },
      ok: (res) => expect(res.json().report.status).toBe('resolved'),
    },

    // ---- following (the owner's account is private: a follow is a request)
    {
      op: 'POST /api/users/{username}/follow',
      params: (c) => ({ username: c.f.owner.user.username }),
      restore: ['follows', 'follow_requests'],
      expect: {
        anonymous: ANON,
        owner: [400, 'cannot_follow_self'],
        bearer: [400, 'cannot_follow_self'],
        other: 200,
        follower: 200,
        free: 200,
        probation: 200,
        restricted: RESTRICTED,
        admin: 200,
        blocked: BLOCKED,
        muted: 200,
      },
      ok: (res, c) => expect(res.json()).toEqual(c.role === 'follower' ? { following: true, requested: false } : { following: false, requested: true }),
    },
    {
      op: 'DELETE /api/users/{username}/follow',
      params: (c) => ({ username: c.f.owner.user.username }),
      restore: ['follows', 'follow_requests'],
      expect: {
        anonymous: ANON,
        owner: [400, 'cannot_follow_self'],
        bearer: [400, 'cannot_follow_self'],
        other: 200,
        follower: 200,
        free: 200,
        probation: 200,
        restricted: RESTRICTED,
        admin: 200,
        blocked: 200,
        muted: 200,
      },
    },
    {
      op: 'GET /api/user/followers',
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: (res, c) => expect(idsIn(res, 'users').includes(c.f.follower.user.id), 'the owner’s follower listed').toBe(isOwner(c.role)),
    },
    {
      op: 'GET /api/user/following',
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: (res, c) => expect(idsIn(res, 'users').includes(c.f.owner.user.id), 'the owner listed').toBe(c.role === 'follower'),
    },
    {
      op: 'GET /api/user/follow-requests',
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
      ok: (res, c) => expect(res.json().requests.some((r: any) => r.user.id === c.f.requester.user.id), 'the request to the owner listed').toBe(isOwner(c.role)),
    },
    ...(['accept', 'reject'] as const).map((action) => ({
      op: `POST /api/user/follow-requests/{id}/${action}`,
      // A new request to the owner for every call.
      fresh: async (c: Omit<C, 'fresh'>) => {
        const requester = await member(c.t);
        await call(c.t, requester, 'POST', `/api/users/${c.f.owner.user.username}/follow`);
        const row = await c.t.db.kysely.selectFrom('follow_requests').select('id').where('requester_id', '=', requester.user.id).executeTakeFirstOrThrow();
        return { id: row.id, requester: requester.user.id };
      },
      params: (c: C) => ({ id: c.fresh.id }),
      expect: {
        anonymous: ANON, owner: 200, bearer: 200, other: 404, follower: 404, free: 404, probation: 404, restricted: RESTRICTED, admin: 404,
        blocked: 404, muted: 404,
      },
      ok: async (_res: unknown, c: C) => {
        const follow = await c.t.db.kysely.selectFrom('follows').select('follower_id').where('follower_id', '=', c.fresh.requester).executeTakeFirst();
        expect(!!follow, 'the requester now follows').toBe(action === 'accept');
      },
    })),

    // ---- exports (Session only: a Bearer token is 401)
    {
      op: 'GET /api/exports/messages',
      expect: {
        anonymous: ANON, owner: 200, bearer: SESSION_ONLY, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200,
        blocked: 200, muted: 200,
      },
      ok: (res, c) => expect(res.body.includes('authz private hello'), 'the owner’s private message exported').toBe(isOwner(c.role)),
    },
    {
      op: 'GET /api/exports/follows',
      expect: {
        anonymous: ANON, owner: 200, bearer: SESSION_ONLY, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200,
        blocked: 200, muted: 200,
      },
      ok: (res, c) => expect(res.body.includes(c.f.requester.user.username), 'the request to the owner exported').toBe(isOwner(c.role)),
    },

    // ---- media (subscribers outside probation)
    {
      op: 'POST /api/messages/images/upload',
      multipart: imageUpload,
      expect: {
        anonymous: ANON, owner: 201, bearer: 201, other: 201, follower: 201, free: SUBSCRIPTION, probation: PROBATION, restricted: RESTRICTED,
        admin: 201, blocked: 201, muted: 201,
      },
    },
    {
      op: 'POST /api/messages/videos/upload',
      multipart: async () => multipart({ filename: 'v.mp4', contentType: 'video/mp4', bytes: videoBytes('mp4') }),
      expect: {
        anonymous: ANON, owner: 201, bearer: 201, other: 201, follower: 201, free: SUBSCRIPTION, probation: PROBATION, restricted: RESTRICTED,
        admin: 201, blocked: 201, muted: 201,
      },
    },
    {
      op: 'GET /api/media/{file}',
      params: (c) => ({ file: c.f.mediaFile }),
      expect: {
        anonymous: 200, owner: 200, bearer: 200, other: 200, follower: 200, free: 200, probation: 200, restricted: 200, admin: 200, blocked: 200,
        muted: 200,
      },
    },

    // ---- the publish job: the cron secret, no user's credentials
    {
      op: 'GET /api/cron/publish-scheduled-messages',
      expect: {
        anonymous: ANON, owner: 401, bearer: 401, other: 401, follower: 401, free: 401, probation: 401, restricted: 401, admin: 401, blocked: 401,
        muted: 401, cron: 200,
      },
    },
  ],
});

describe('probation posting quota', () => {
  it('a fourth post within the hour is 429 account_probation_rate_limited with scope and Retry-After, and posts nothing', async () => {
    const { t } = matrix();
    const p = await member(t, { account_status: 'probation' });
    for (let i = 0; i < 3; i += 1) await post(t, p, { content: `post ${i}` });
    const res = await call(t, p, 'POST', '/api/messages', { content: 'one too many' });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ error: 'rate_limited', code: 'account_probation_rate_limited', scope: 'hour' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.db.kysely.selectFrom('messages').select('id').where('user_id', '=', p.user.id).execute();
    expect(rows).toHaveLength(3);
  });
});
