import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { importCsvFile } from '../lists/support.js';
import { call, member, post, type Member } from '../messages/helpers.js';
import { join, newOrg } from '../orgs/helpers.js';
import { documentOwner, ownersDocument, ownersList, share } from '../sharing/helpers.js';
import { createWebhook, Receiver, settle, verify, webhookApp } from '../webhooks/helpers.js';
import { pullAll } from './helpers.js';

// Events of who may read what, through the HTTP API: a CSV import is one event, a share granted or
// revoked reaches the collaborators concerned (the revoke a tombstone, after which nothing more of
// the item reaches them), and an organization's membership changes reach the organization's
// stream (its webhooks) and the member concerned, with the access to what is shared with it.

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  ({ t } = await webhookApp(undefined, { smtp: true }));
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

/** The `events_written_total` of a type on /metrics. */
async function writtenOf(type: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token' } });
  expect(res.statusCode).toBe(200);
  const line = new RegExp(`^events_written_total\\{type="${type.replaceAll('.', '\\.')}"\\} (\\d+)$`, 'm').exec(res.body);
  return line ? Number(line[1]) : 0;
}

const typesAndData = async (who: Member, types: string) => (await pullAll(t, who, types)).map((e) => [e.type, e.data]);

describe('list.rows.imported', () => {
  it('one event per import, to the owner and the collaborators, none per row; a refused import none', async () => {
    const owner = await member(t);
    const [editor, stranger] = [await member(t), await member(t)];
    const list = await ownersList(t, owner);
    await share(t, owner, 'lists', list.id, { username: editor.user.username, role: 'editor' });
    const auth = { cookie: editor.cookie };
    const importedBefore = await writtenOf('list.rows.imported');
    const job = await importCsvFile(t, auth, list.id, 'title,isbn\nA,i-a\nB,i-b\nC,i-c\n');
    expect(job).toMatchObject({ status: 'done', inserted: 3 });
    const upsert = await importCsvFile(t, auth, list.id, 'isbn,title\ni-a,A2\ni-d,D\n', { upsertKey: 'isbn' });
    expect(upsert).toMatchObject({ status: 'done', inserted: 1, updated: 1 });
    const refused = await importCsvFile(t, auth, list.id, 'title,pages\nE,1\n,2\n');
    expect(refused.status).toBe('failed');
    await settle(t);
    for (const who of [owner, editor]) {
      const events = await pullAll(t, who, 'list.rows.imported,list.row.*');
      expect(events.map((e) => [e.type, e.data])).toEqual([
        ...(who === owner ? [['list.row.created', { listId: list.id, rowId: list.rowId }]] : []),
        ['list.rows.imported', { listId: list.id, inserted: 3, updated: 0 }],
        ['list.rows.imported', { listId: list.id, inserted: 1, updated: 1 }],
      ]);
      expect(events.at(-1)!.actor).toEqual({ id: editor.user.id, username: editor.user.username });
    }
    expect(await pullAll(t, stranger)).toEqual([]);
    // /metrics counts the events written by type: two imports, each to two streams.
    expect((await writtenOf('list.rows.imported')) - importedBefore).toBe(4);
  });
});

describe('share.granted and share.revoked', () => {
  it('reach the collaborator (not the owner, not a stranger); after the revoke nothing more of the item does', async () => {
    const owner = await member(t);
    const [friend, stranger] = [await member(t), await member(t)];
    const list = await ownersList(t, owner);
    const grant = await share(t, owner, 'lists', list.id, { username: friend.user.username, role: 'viewer' });
    await ok(owner, 'PATCH', `/api/lists/${list.id}`, { title: 'While shared' });
    await ok(owner, 'DELETE', `/api/lists/${list.id}/collaborators/${grant.id}`);
    await ok(owner, 'POST', `/api/lists/${list.id}/data`, { data: { title: 'After', isbn: 'after-1' } });
    await ok(owner, 'PATCH', `/api/lists/${list.id}`, { title: 'After the revoke' });
    await ok(owner, 'DELETE', `/api/lists/${list.id}`);

    const events = await pullAll(t, friend);
    expect(events.map((e) => e.type)).toEqual(['share.granted', 'notification.created', 'list.updated', 'share.revoked']);
    expect(events[0]).toMatchObject({ data: { listId: list.id }, actor: { id: owner.user.id } });
    const revoked = events[3].data;
    expect(revoked).toEqual({ listId: list.id, deletedAt: expect.any(String), reason: 'access_revoked' });
    expect(Number.isNaN(Date.parse(revoked.deletedAt))).toBe(false);
    expect(await pullAll(t, owner, 'share.*')).toEqual([]);
    expect(await pullAll(t, stranger)).toEqual([]);
  });

  it('a collaborator who leaves gets the revoke; a document shared with an organization: its members gain and lose it together', async () => {
    const owner = await documentOwner(t);
    const [a, b, outsider] = [await member(t), await member(t), await member(t)];
    const doc = await ownersDocument(t, owner, 'Team plan');
    const org = await newOrg(t, a);
    await join(t, org, b, 'member');
    const orgGrant = await share(t, owner, 'documents', doc.id, { orgSlug: org.slug, role: 'viewer' });
    // b also holds a grant of their own, which keeps their access when the organization's ends.
    const own = await share(t, owner, 'documents', doc.id, { username: b.user.username, role: 'editor' });
    expect(await typesAndData(a, 'share.*')).toEqual([['share.granted', { documentId: doc.id }]]);
    // b's own grant is the stronger role: share.updated.
    expect(await typesAndData(b, 'share.*')).toEqual([
      ['share.granted', { documentId: doc.id }],
      ['share.updated', { documentId: doc.id, role: 'editor' }],
    ]);

    await ok(owner, 'DELETE', `/api/documents/${doc.id}/collaborators/${orgGrant.id}`);
    await ok(owner, 'PATCH', `/api/documents/${doc.id}`, { content: 'after the organization’s grant ended' });
    expect((await pullAll(t, a, 'share.*,document.*')).map((e) => [e.type, e.data.reason])).toEqual([
      ['share.granted', undefined],
      ['share.revoked', 'access_revoked'],
    ]);
    expect((await pullAll(t, b, 'share.*,document.*')).map((e) => e.type)).toEqual(['share.granted', 'share.updated', 'document.updated']);

    // b leaves on their own: the revoke reaches them.
    await ok(b, 'DELETE', `/api/documents/${doc.id}/collaborators/${own.id}`);
    expect((await pullAll(t, b, 'share.*')).map((e) => e.type)).toEqual(['share.granted', 'share.updated', 'share.revoked']);
    expect((await pullAll(t, b, 'share.revoked'))[0].actor).toMatchObject({ id: b.user.id });
    expect(await pullAll(t, outsider)).toEqual([]);
  });
});

describe('org.member.added and org.member.removed', () => {
  it('reach the organization’s webhooks and the member concerned (with the access shared with the organization), no other member', async () => {
    const owner = await member(t, { email_verified: true });
    const [invitee, other, stranger] = [await member(t, { email_verified: true }), await member(t), await member(t)];
    const org = await newOrg(t, owner);
    await join(t, org, other, 'member');
    const prefix = `/api/orgs/${org.slug}/webhooks`;
    const { webhook, secret } = await createWebhook(t, owner, { url: receiver.url('/org-events'), events: ['org.member.*', 'message.*'] }, prefix);
    const list = await ownersList(t, owner);
    await share(t, owner, 'lists', list.id, { orgSlug: org.slug, role: 'viewer' });

    expect((await call(t, owner, 'POST', `/api/orgs/${org.slug}/invites`, { username: invitee.user.username, role: 'member' })).statusCode).toBe(201);
    const mail = t.smtp.to(invitee.user.email).at(-1)!.text;
    const token = /org-invite\?token=([0-9a-f]+)/.exec(mail)![1];
    expect((await call(t, invitee, 'POST', '/api/orgs/invites/accept', { token })).statusCode).toBe(200);
    const message = await post(t, owner, { content: 'to the team', orgId: org.id });
    expect((await call(t, owner, 'DELETE', `/api/orgs/${org.slug}/members/${invitee.user.username}`)).statusCode).toBe(200);
    await ok(owner, 'PATCH', `/api/lists/${list.id}`, { title: 'After they left' });
    await settle(t);

    const memberData = (role: string) => ({ orgId: org.id, userId: invitee.user.id, role });
    expect(await typesAndData(invitee, 'org.*,share.*,list.*')).toEqual([
      ['org.member.added', memberData('member')],
      ['share.granted', { listId: list.id }],
      ['org.member.removed', memberData('member')],
      ['share.revoked', { listId: list.id, deletedAt: expect.any(String), reason: 'access_revoked' }],
    ]);
    expect(await typesAndData(owner, 'org.*')).toEqual([['org.member.added', { orgId: org.id, userId: owner.user.id, role: 'owner' }]]);
    expect(await typesAndData(other, 'org.*')).toEqual([]);
    expect(await pullAll(t, stranger)).toEqual([]);

    const deliveries = (await call(t, owner, 'GET', `${prefix}/${webhook.id}/deliveries?limit=100`)).json().deliveries as { eventId: string }[];
    const ids = new Set(deliveries.map((d) => d.eventId));
    const hits = receiver.received.filter((r) => ids.has(String(r.headers['webhook-id'])));
    const payloads = hits.map((h) => verify(secret, h) as { type: string; data: Record<string, unknown> }).sort((x, y) => (x as any).seq - (y as any).seq);
    expect(payloads.map((p) => [p.type, p.data])).toEqual([
      ['org.member.added', memberData('member')],
      ['message.created', { messageId: message.id, orgId: org.id }],
      ['org.member.removed', memberData('member')],
    ]);
  });
});
