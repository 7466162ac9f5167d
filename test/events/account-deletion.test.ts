import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, type AdminTestApp } from '../admin/helpers.js';
import { call, follows, member, post, type Member } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { account, as, PASSWORD } from '../purge/seed.js';
import { ownersList, share } from '../sharing/helpers.js';
import { OutboundFetcher } from '../../src/adapters/outbound-fetch/index.js';
import { createWebhook, PlayedDns, Receiver, settle, verify } from '../webhooks/helpers.js';
import { pullAll } from './helpers.js';

// An account's deletion, by its owner or by the administration (one user or in bulk), through
// the HTTP API (docs/events.md, "Who receives what"): each organization the account belonged to
// is told `org.member.removed` on its stream (its webhooks), as when a member leaves; an
// organization it was the last owner of gets its successor's `org.member.updated`; and the
// account's items reach every stream that could read them as tombstones (`reason: "purged"`,
// actor null): a collaborator's list, a follower's home timeline. Nothing reaches anyone else.

let t: AdminTestApp;
let admin: Member;
let receiver: Receiver;
beforeAll(async () => {
  const dns = new PlayedDns();
  const outbound = new OutboundFetcher({ allowedPrivateAddresses: ['127.0.0.0/8'], timeoutMs: 15_000, maxBytes: 1024 * 1024, userAgent: 'test', resolver: dns.resolve });
  t = await createAdminApp({ env: { ALLOWED_PRIVATE_ADDRESSES: '127.0.0.0/8' }, outbound });
  admin = { user: { id: t.admin.id }, cookie: t.admin.cookie, bearer: t.admin.bearer } as unknown as Member;
  receiver = await new Receiver().start();
}, 120_000);
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

/** An organization webhook (its owner or an admin makes it) and what it has received, verified as a receiver would. */
async function orgHook(by: Member, org: { slug: string }) {
  const prefix = `/api/orgs/${org.slug}/webhooks`;
  const { webhook, secret } = await createWebhook(t, by, { url: receiver.url(`/${org.slug}`), events: ['org.member.*'] }, prefix);
  return async () => {
    await settle(t);
    const res = await call(t, by, 'GET', `${prefix}/${webhook.id}/deliveries?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = new Set((res.json().deliveries as { eventId: string }[]).map((d) => d.eventId));
    return receiver.received
      .filter((r) => ids.has(String(r.headers['webhook-id'])))
      .map((hit) => verify(secret, hit) as { seq: number; type: string; data: unknown; actor: unknown })
      // Up to 4 are in flight at once: they may arrive in any order; the log's is seq.
      .sort((a, b) => a.seq - b.seq)
      .map((p) => [p.type, p.data, p.actor]);
  };
}

const orgEvents = async (who: Member) => (await pullAll(t, who, 'org.*')).map((e) => [e.type, e.data]);

const deletions: [string, (gone: Member) => Promise<void>][] = [
  [
    'the account’s owner (DELETE /api/user)',
    async (gone) => {
      const res = await as(t, gone as never, 'DELETE', '/api/user', { password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
    },
  ],
  [
    'an administrator (DELETE /api/admin/users/{id})',
    async (gone) => {
      const res = await call(t, admin, 'DELETE', `/api/admin/users/${gone.user.id}`);
      expect(res.statusCode, res.body).toBe(200);
    },
  ],
  [
    'an administrator in bulk (POST /api/admin/users/bulk-delete)',
    async (gone) => {
      const res = await call(t, admin, 'POST', '/api/admin/users/bulk-delete', { userIds: [gone.user.id] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: 1 });
    },
  ],
];

describe('account deletion', () => {
  it.each(deletions)('by %s: each organization’s stream is told org.member.removed; a last owner’s successor org.member.updated', async (_, remove) => {
    const gone = (await account(t)) as unknown as Member;
    const [boss, heir, bystander] = [await member(t), await member(t), await member(t)];
    // An organization the account is an admin of, and one it is the only owner of.
    const kept = await newOrg(t, boss);
    await join(t, kept, gone, 'admin');
    await join(t, kept, bystander, 'member');
    const inherited = await newOrg(t, gone);
    await join(t, inherited, heir, 'admin');
    const keptHook = await orgHook(boss, kept);
    const inheritedHook = await orgHook(heir, inherited);
    const [bossBefore, bystanderBefore] = [await orgEvents(boss), await orgEvents(bystander)];

    await remove(gone);

    expect(await keptHook()).toEqual([['org.member.removed', { orgId: kept.id, userId: gone.user.id, role: 'admin' }, null]]);
    expect(await inheritedHook()).toEqual([
      ['org.member.updated', { orgId: inherited.id, userId: heir.user.id, role: 'owner' }, null],
      ['org.member.removed', { orgId: inherited.id, userId: gone.user.id, role: 'owner' }, null],
    ]);
    // The member concerned: the successor is told of their new role; the others nothing.
    expect(await orgEvents(heir)).toEqual([['org.member.updated', { orgId: inherited.id, userId: heir.user.id, role: 'owner' }]]);
    expect(await orgEvents(boss)).toEqual(bossBefore);
    expect(await orgEvents(bystander)).toEqual(bystanderBefore);
    // The memberships went, and the successor runs the organization.
    const members = await call(t, heir, 'GET', `/api/orgs/${inherited.slug}/members`);
    expect(members.statusCode, members.body).toBe(200);
    expect((members.json().members as { user: { id: string }; role: string }[]).map((m) => [m.user.id, m.role])).toEqual([[heir.user.id, 'owner']]);
    const keptMembers = await call(t, boss, 'GET', `/api/orgs/${kept.slug}/members`);
    expect((keptMembers.json().members as { user: { id: string } }[]).map((m) => m.user.id).sort()).toEqual([boss.user.id, bystander.user.id].sort());
  });

  it('an organization with nobody else in it goes with the account, and its stream with it; so do the account’s own stream and webhooks', async () => {
    const gone = (await account(t)) as unknown as Member;
    const alone = await newOrg(t, gone);
    await createWebhook(t, gone, { url: receiver.url('/own'), events: ['list.*'] });
    const res = await as(t, gone as never, 'DELETE', '/api/user', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    await settle(t);
    expect(await t.db.kysely.selectFrom('organizations').select('id').where('id', '=', alone.id).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('event_streams').select('stream').where('stream', 'in', [`user:${gone.user.id}`, `org:${alone.id}`]).execute()).toEqual([]);
    expect(await t.db.kysely.selectFrom('events').select('id').where('stream', 'in', [`user:${gone.user.id}`, `org:${alone.id}`]).execute()).toEqual([]);
    // The account's own webhooks go with it (docs/webhooks.md, "a user's data").
    expect(await t.db.kysely.selectFrom('webhooks').select('id').where('user_id', '=', gone.user.id).execute()).toEqual([]);
  });

  it('the account’s items reach every stream that could read them as tombstones (reason "purged"): a collaborator, a follower’s timeline; nobody else', async () => {
    const gone = (await account(t)) as unknown as Member;
    const [fan, collaborator, stranger] = [await member(t), await member(t), await member(t)];
    await follows(t, fan, gone);
    const message = await post(t, gone, { content: 'soon gone with its author' });
    const list = await ownersList(t, gone);
    await share(t, gone, 'lists', list.id, { username: collaborator.user.username, role: 'viewer' });
    await settle(t);
    expect((await pullAll(t, fan, 'timeline.message')).map((e) => e.data.messageId)).toEqual([message.id]);

    const res = await as(t, gone as never, 'DELETE', '/api/user', { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    await settle(t);

    const removed = await pullAll(t, fan, 'timeline.message_removed');
    expect(removed.map((e) => [e.data.messageId, e.data.reason])).toEqual([[message.id, 'purged']]);
    // The author is gone: the envelope names no actor.
    expect(removed[0].actor).toBeNull();
    const tombstones = await pullAll(t, collaborator, 'list.deleted');
    expect(tombstones.map((e) => [e.data.listId, e.data.reason, e.actor])).toEqual([[list.id, 'purged', null]]);
    expect(await pullAll(t, stranger)).toEqual([]);
  });

  it('a follower’s tombstone does not depend on the fan-out job being claimed before the follows go: the deletion waits for it', async () => {
    const gone = (await account(t)) as unknown as Member;
    const fan = await member(t);
    await follows(t, fan, gone);
    const message = await post(t, gone, { content: 'its job is claimed late' });
    await settle(t);
    // A busy runner: every kick reaches it 300 ms late, long after the follows part would have run.
    const jobs = t.app.ctx.jobs;
    const kick = jobs.kick.bind(jobs);
    jobs.kick = () => void setTimeout(kick, 300);
    try {
      const res = await as(t, gone as never, 'DELETE', '/api/user', { password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      jobs.kick = kick;
    }
    await settle(t);
    const removed = await pullAll(t, fan, 'timeline.message_removed');
    expect(removed.map((e) => [e.data.messageId, e.data.reason])).toEqual([[message.id, 'purged']]);
  });

  it('a fan-out job whose first attempt fails is retried at once, before the follows go: the follower still gets the tombstone', async () => {
    const gone = (await account(t)) as unknown as Member;
    const fan = await member(t);
    await follows(t, fan, gone);
    const message = await post(t, gone, { content: 'its job fails once' });
    await settle(t);
    // The removal's fan-out fails on its first attempt; its retry would wait out the 5 s back-off.
    const registered = t.app.ctx.jobs.handler('events-timeline')! as { handler: (...args: unknown[]) => unknown };
    const run = registered.handler;
    let failures = 0;
    registered.handler = (...args: unknown[]) => {
      if ((args[1] as { removed?: boolean }).removed && failures === 0) {
        failures++;
        throw new Error('the database went away for a moment');
      }
      return run(...args);
    };
    try {
      const res = await as(t, gone as never, 'DELETE', '/api/user', { password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      await settle(t);
    } finally {
      registered.handler = run;
    }
    expect(failures).toBe(1);
    const removed = await pullAll(t, fan, 'timeline.message_removed');
    expect(removed.map((e) => [e.data.messageId, e.data.reason])).toEqual([[message.id, 'purged']]);
  });
});
