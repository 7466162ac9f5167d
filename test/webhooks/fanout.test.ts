import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { announceEvents, appendEvents, readEvents, streamOfOrg, streamOfUser, type EventInput } from '../../src/features/events/index.js';
import { fanOut } from '../../src/features/webhooks/fanout.js';
import { join, newOrg } from '../orgs/helpers.js';
import { call, createWebhook, member, Receiver, settle, verify, webhookApp } from './helpers.js';

// From the event log to the receiver: events appended to a stream (as every writing feature
// appends them, in its transaction, then announces them) reach the webhooks of the stream's owner
// that subscribe to their type, as the log's own envelope, signed; each webhook reads from its
// creation on, a disabled one skips what happens while it is off, the safety sweep finds events no
// announcement reported, and two fan-outs at once send nothing twice.

let t: TestApp;
let receiver: Receiver;
beforeAll(async () => {
  ({ t } = await webhookApp());
  receiver = await new Receiver().start();
}, 60_000);
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

async function write(events: EventInput[], announce = true): Promise<void> {
  const { streams } = await t.db.kysely.transaction().execute((trx) => appendEvents(trx, events, t.clock.now()));
  if (announce) announceEvents(t.app.ctx, streams);
  await settle(t);
}

/** The receiver's requests for a webhook: those carrying the event ids of the deliveries it lists. */
async function receivedBy(who: Awaited<ReturnType<typeof member>>, webhookId: string, prefix = '/api/webhooks') {
  const deliveries = (await call(t, who, 'GET', `${prefix}/${webhookId}/deliveries?limit=100`)).json().deliveries as { eventId: string }[];
  const ids = new Set(deliveries.map((d) => d.eventId));
  return receiver.received.filter((r) => ids.has(String(r.headers['webhook-id'])));
}

describe('fan-out from the event log', () => {
  it('delivers the owner’s new events that match the webhook’s events, as the log’s envelopes, signed', async () => {
    const a = await member(t);
    const stream = streamOfUser(a.user.id);
    await write([{ stream, type: 'list.created', actorId: a.user.id, data: { listId: 'before' } }]);
    const { webhook, secret } = await createWebhook(t, a, { url: receiver.url('/log'), events: ['list.*', 'document.created'] });
    await write([
      { stream, type: 'list.created', actorId: a.user.id, data: { listId: 'l1' } },
      { stream, type: 'message.created', actorId: a.user.id, data: { messageId: 'm1' } },
      { stream, type: 'list.row.deleted', actorId: null, data: { listId: 'l1', rowId: 'r1', deletedAt: t.clock.now().toISOString(), reason: 'deleted' } },
      { stream, type: 'document.created', actorId: a.user.id, data: { documentId: 'd1' } },
      { stream, type: 'document.updated', actorId: a.user.id, data: { documentId: 'd1', revision: 2 } },
    ]);
    const hits = await receivedBy(a, webhook.id);
    const log = await readEvents(t.db.kysely, stream, 0, 100);
    const expected = log.filter((e) => ['list.created', 'list.row.deleted', 'document.created'].includes(e.type) && e.seq > 1);
    expect(hits.map((h) => h.headers['webhook-id']).sort()).toEqual(expected.map((e) => e.id).sort());
    for (const hit of hits) {
      const payload = verify(secret, hit) as { id: string };
      const event = expected.find((e) => e.id === payload.id)!;
      expect(hit.body).toBe(JSON.stringify(event));
      expect(payload).toEqual(event);
    }
    const deliveries = (await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries`)).json().deliveries;
    expect(deliveries.every((d: { status: string; redelivery: boolean }) => d.status === 'succeeded' && !d.redelivery)).toBe(true);
    expect((await call(t, a, 'GET', `/api/webhooks/${webhook.id}/deliveries?type=list.row.deleted`)).json().deliveries).toHaveLength(1);
  });

  it('an organization’s webhooks get the organization’s events, not its members’ own', async () => {
    const [owner, admin] = [await member(t), await member(t)];
    const org = await newOrg(t, owner);
    await join(t, org, admin, 'admin');
    const prefix = `/api/orgs/${org.slug}/webhooks`;
    const { webhook, secret } = await createWebhook(t, admin, { url: receiver.url('/org'), events: ['org.member.*'] }, prefix);
    const mine = await createWebhook(t, admin, { url: receiver.url('/mine'), events: ['org.member.*'] });
    await write([
      { stream: streamOfOrg(org.id), type: 'org.member.added', actorId: owner.user.id, data: { orgId: org.id, userId: admin.user.id } },
      { stream: streamOfUser(admin.user.id), type: 'org.member.added', actorId: owner.user.id, data: { orgId: org.id, userId: admin.user.id, own: true } },
    ]);
    const orgHits = await receivedBy(admin, webhook.id, prefix);
    expect(orgHits).toHaveLength(1);
    expect(verify(secret, orgHits[0])).toMatchObject({ type: 'org.member.added', data: { orgId: org.id, userId: admin.user.id } });
    const ownHits = await receivedBy(admin, mine.webhook.id);
    expect(ownHits).toHaveLength(1);
    expect(JSON.parse(ownHits[0].body).data.own).toBe(true);
  });

  it('a disabled webhook skips what happens while it is off; enabled again, it gets what follows', async () => {
    const a = await member(t);
    const stream = streamOfUser(a.user.id);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/toggle'), events: ['folder.*'] });
    await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { enabled: false });
    await write([{ stream, type: 'folder.created', actorId: null, data: { folderId: 'while-off' } }]);
    await call(t, a, 'PATCH', `/api/webhooks/${webhook.id}`, { enabled: true });
    await write([{ stream, type: 'folder.updated', actorId: null, data: { folderId: 'after' } }]);
    const hits = await receivedBy(a, webhook.id);
    expect(hits.map((h) => JSON.parse(h.body).data.folderId)).toEqual(['after']);
  });

  it('the safety sweep delivers events no announcement reported', async () => {
    const a = await member(t);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/swept'), events: ['share.granted'] });
    await write([{ stream: streamOfUser(a.user.id), type: 'share.granted', actorId: null, data: { listId: 'l9' } }], false);
    expect(await receivedBy(a, webhook.id)).toHaveLength(0);
    const sweep = t.app.ctx.runtime.periodic.tasks.find((x) => x.name === 'webhook-sweep')!;
    expect((await t.app.ctx.runtime.periodic.run(sweep)).webhooksFannedOut).toBeGreaterThanOrEqual(1);
    await settle(t);
    expect(await receivedBy(a, webhook.id)).toHaveLength(1);
  });

  it('two fan-outs of one stream at once make each delivery once', async () => {
    const a = await member(t);
    const stream = streamOfUser(a.user.id);
    const { webhook } = await createWebhook(t, a, { url: receiver.url('/twice'), events: ['list.row.*'] });
    await write(Array.from({ length: 30 }, (_, i) => ({ stream, type: 'list.row.created', actorId: null, data: { rowId: `r${i}` } })), false);
    await Promise.all([fanOut(t.app.ctx, [stream]), fanOut(t.app.ctx, [stream]), fanOut(t.app.ctx, [stream])]);
    const rows = await t.db.kysely.selectFrom('webhook_deliveries').select('event_id').where('webhook_id', '=', webhook.id).execute();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(30);
  });
});
