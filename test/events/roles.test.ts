import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp, login, type AdminTestApp } from '../admin/helpers.js';
import { call, member, type Member } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { expectAnswer, makeLink, send } from '../share-links/support.js';
import { ownersDocument, ownersList, share, documentOwner } from '../sharing/helpers.js';
import { OutboundFetcher } from '../../src/adapters/outbound-fetch/index.js';
import { createWebhook, PlayedDns, Receiver, settle, verify } from '../webhooks/helpers.js';
import { pullAll } from './helpers.js';

// Events of role changes and of the memberships the other tests do not reach, through the HTTP
// API: a collaborator's new role (share.updated to each grantee whose strongest role it changes),
// an organization member's new role (org.member.updated), an organization's deletion (its members
// told, and their access through it revoked), the system organization's memberships (changed by
// the administration endpoints only), and share links (their holders' streams receive nothing of
// the item, so a link's expiry has nothing to take back).

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

const ok = async (who: Member, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: Record<string, unknown>) => {
  const res = await call(t, who, method, url, body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const typesAndData = async (who: Member, types: string) => (await pullAll(t, who, types)).map((e) => [e.type, e.data]);

describe('share.updated', () => {
  it('a grant’s new role reaches its grantee (not the owner, not a stranger); the same role again writes nothing', async () => {
    const owner = await member(t);
    const [friend, stranger] = [await member(t), await member(t)];
    const list = await ownersList(t, owner);
    const grant = await share(t, owner, 'lists', list.id, { username: friend.user.username, role: 'viewer' });
    await ok(owner, 'PATCH', `/api/lists/${list.id}/collaborators/${grant.id}`, { role: 'editor' });
    await ok(owner, 'PATCH', `/api/lists/${list.id}/collaborators/${grant.id}`, { role: 'editor' });
    await ok(owner, 'PATCH', `/api/lists/${list.id}/collaborators/${grant.id}`, { role: 'viewer' });

    const events = await pullAll(t, friend, 'share.*');
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['share.granted', { listId: list.id }],
      ['share.updated', { listId: list.id, role: 'editor' }],
      ['share.updated', { listId: list.id, role: 'viewer' }],
    ]);
    expect(events[1].actor).toEqual({ id: owner.user.id, username: owner.user.username });
    expect(await pullAll(t, owner, 'share.*')).toEqual([]);
    expect(await pullAll(t, stranger)).toEqual([]);
  });

  it('an organization grant’s new role reaches its members, but not one whose own grant keeps the stronger role', async () => {
    const owner = await documentOwner(t);
    const [a, b] = [await member(t), await member(t)];
    const doc = await ownersDocument(t, owner, 'Roles');
    const org = await newOrg(t, a);
    await join(t, org, b, 'member');
    const orgGrant = await share(t, owner, 'documents', doc.id, { orgSlug: org.slug, role: 'viewer' });
    await share(t, owner, 'documents', doc.id, { username: b.user.username, role: 'editor' });
    await ok(owner, 'PATCH', `/api/documents/${doc.id}/collaborators/${orgGrant.id}`, { role: 'editor' });

    expect(await typesAndData(a, 'share.*')).toEqual([
      ['share.granted', { documentId: doc.id }],
      ['share.updated', { documentId: doc.id, role: 'editor' }],
    ]);
    // b's own grant made them editor (share.updated); the organization's new role changes nothing for them.
    expect(await typesAndData(b, 'share.*')).toEqual([
      ['share.granted', { documentId: doc.id }],
      ['share.updated', { documentId: doc.id, role: 'editor' }],
    ]);
  });
});

describe('org.member.updated and an organization’s deletion', () => {
  it('a member’s new role reaches the organization’s webhook and the member; the deletion tells every member and revokes what was shared through it', async () => {
    const owner = await member(t);
    const [mate, keeper, stranger] = [await member(t), await member(t), await member(t)];
    const org = await newOrg(t, owner);
    await join(t, org, mate, 'member');
    await join(t, org, keeper, 'member');
    const prefix = `/api/orgs/${org.slug}/webhooks`;
    const { webhook, secret } = await createWebhook(t, owner, { url: receiver.url('/roles'), events: ['org.member.*'] }, prefix);
    const list = await ownersList(t, stranger);
    await share(t, stranger, 'lists', list.id, { orgSlug: org.slug, role: 'viewer' });
    // keeper's own grant keeps their access when the organization goes.
    await share(t, stranger, 'lists', list.id, { username: keeper.user.username, role: 'viewer' });

    await ok(owner, 'PATCH', `/api/orgs/${org.slug}/members/${mate.user.username}`, { role: 'admin' });
    await ok(owner, 'PATCH', `/api/orgs/${org.slug}/members/${mate.user.username}`, { role: 'admin' });
    await settle(t);
    const updated = { orgId: org.id, userId: mate.user.id, role: 'admin' };
    const deliveries = (await call(t, owner, 'GET', `${prefix}/${webhook.id}/deliveries?limit=100`)).json().deliveries as { eventId: string }[];
    const ids = new Set(deliveries.map((d) => d.eventId));
    const payloads = receiver.received.filter((r) => ids.has(String(r.headers['webhook-id']))).map((h) => verify(secret, h) as { type: string; data: unknown });
    expect(payloads.map((p) => [p.type, p.data])).toEqual([['org.member.updated', updated]]);

    await ok(owner, 'DELETE', `/api/orgs/${org.slug}`);
    expect(await typesAndData(mate, 'org.*,share.*')).toEqual([
      ['share.granted', { listId: list.id }],
      ['org.member.updated', updated],
      ['org.member.removed', updated],
      ['share.revoked', { listId: list.id, deletedAt: expect.any(String), reason: 'access_revoked' }],
    ]);
    expect(await typesAndData(keeper, 'org.*,share.*')).toEqual([
      ['share.granted', { listId: list.id }],
      ['org.member.removed', { orgId: org.id, userId: keeper.user.id, role: 'member' }],
    ]);
    expect(await typesAndData(owner, 'org.member.removed')).toEqual([['org.member.removed', { orgId: org.id, userId: owner.user.id, role: 'owner' }]]);
    expect(await typesAndData(stranger, 'org.*,share.*')).toEqual([]);
  });
});

describe('the system organization’s memberships', () => {
  it('an account the administration creates joins it (org.member.added, with what is shared with it); promotion and demotion are org.member.updated', async () => {
    const sharer = await member(t);
    const list = await ownersList(t, sharer);
    await share(t, sharer, 'lists', list.id, { orgSlug: 'public', role: 'viewer' });
    const systemOrg = (await call(t, admin, 'GET', '/api/orgs/public')).json().org as { id: string };

    const password = 'created password 123';
    const created = expectAnswer(
      await call(t, admin, 'POST', '/api/admin/users', { email: 'made@example.com', username: 'made_by_admin', password, emailVerified: true }),
      201,
    );
    const userId = created.user.id as string;
    const made = { user: { id: userId }, cookie: await login(t.app, 'made@example.com', password) } as unknown as Member;
    for (const isAdministrator of [true, true, false]) expectAnswer(await call(t, admin, 'PUT', `/api/admin/users/${userId}`, { isAdministrator }), 200);

    const data = (role: string) => ({ orgId: systemOrg.id, userId, role });
    const events = await pullAll(t, made, 'org.*,share.*');
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['org.member.added', data('member')],
      ['share.granted', { listId: list.id }],
      ['org.member.updated', data('owner')],
      ['org.member.updated', data('member')],
    ]);
    expect(events[2].actor).toEqual({ id: t.admin.id, username: 'root' });
    expect(await pullAll(t, sharer, 'org.*')).toEqual([]);
  });
});

describe('share links', () => {
  it('a holder who writes through an edit link receives nothing of the item, before or after the link expires', async () => {
    const owner = await member(t, { customer_status: 'subscriber', email_verified: true });
    const holder = await member(t, { email_verified: true });
    const list = await ownersList(t, owner);
    const link = await makeLink(t, owner, 'list', list.id, { access: 'edit', expiresAt: new Date(t.clock.now().getTime() + 3600_000).toISOString() });
    expectAnswer(await send(t, holder, 'POST', `/api/shared/${link.token}/data`, { data: { title: 'Via link', isbn: 'link-1' } }), 201);
    t.clock.advance(2 * 3600_000);
    expectAnswer(await send(t, holder, 'GET', `/api/shared/${link.token}`), 404, 'not_found');
    await ok(owner, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'After', isbn: 'link-2' } });
    expect(await pullAll(t, holder)).toEqual([]);
    // The owner's stream has both rows: the link's write was logged, to the list's readers.
    expect((await pullAll(t, owner, 'list.row.created')).length).toBe(3);
  });
});
