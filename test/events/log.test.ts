import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { announceEvents, appendEvents, readEvents, streamBounds, streamOfUser } from '../../src/features/events/index.js';
import { mediaUrl, storeUpload } from '../../src/features/media/service.js';
import { smallPng } from '../media/images.js';
import { call, follows, member, subscriber } from '../messages/helpers.js';
import { pullAll } from './helpers.js';

// The event log's core: seqs per stream from the counter in the writing transaction, envelopes
// read back in order with their actor, type filters, and `eventsAppended` after the commit.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
}, 120_000);
afterAll(async () => t.close());

describe('the event log', () => {
  it('gives each stream its own gapless seqs, in the order appended, and reads envelopes back', async () => {
    const [a, b] = [await member(t), await member(t)];
    const sa = streamOfUser(a.user.id);
    const sb = streamOfUser(b.user.id);
    expect(await streamBounds(t.db.kysely, sa)).toEqual({ headSeq: 0, oldestSeq: 1 });
    await t.db.kysely.transaction().execute((trx) =>
      appendEvents(trx, [
        { stream: sa, type: 'list.created', actorId: a.user.id, data: { listId: 'l1' } },
        { stream: sb, type: 'follow.created', actorId: a.user.id, data: { userId: a.user.id } },
        { stream: sa, type: 'list.row.created', actorId: null, data: { listId: 'l1', rowId: 'r1' } },
      ]),
    );
    const events = await readEvents(t.db.kysely, sa, 0, 100);
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'list.created'],
      [2, 'list.row.created'],
    ]);
    expect(events[0].id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(events[0].actor).toEqual({ id: a.user.id, username: a.user.username });
    expect(events[1].actor).toBeNull();
    expect(events[0].data).toEqual({ listId: 'l1' });
    expect(Number.isNaN(Date.parse(events[0].timestamp))).toBe(false);
    expect((await readEvents(t.db.kysely, sb, 0, 100)).map((e) => e.seq)).toEqual([1]);
    expect(await streamBounds(t.db.kysely, sa)).toEqual({ headSeq: 2, oldestSeq: 1 });
    // After a cursor, a limit, and type filters (exact or a trailing .*).
    expect((await readEvents(t.db.kysely, sa, 1, 100)).map((e) => e.seq)).toEqual([2]);
    expect((await readEvents(t.db.kysely, sa, 0, 1)).map((e) => e.seq)).toEqual([1]);
    expect((await readEvents(t.db.kysely, sa, 0, 100, ['list.row.*'])).map((e) => e.type)).toEqual(['list.row.created']);
    expect((await readEvents(t.db.kysely, sa, 0, 100, ['list.*'])).length).toBe(2);
    expect((await readEvents(t.db.kysely, sa, 0, 100, ['list.created', 'message.*'])).map((e) => e.type)).toEqual(['list.created']);
  });

  it('rolls back with the transaction of the change: no seq is taken', async () => {
    const a = await member(t);
    const s = streamOfUser(a.user.id);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await appendEvents(trx, [{ stream: s, type: 'list.created', actorId: null, data: {} }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await streamBounds(t.db.kysely, s)).toEqual({ headSeq: 0, oldestSeq: 1 });
  });

  it('concurrent writers of one stream get consecutive seqs, none lost or doubled', async () => {
    const a = await member(t);
    const s = streamOfUser(a.user.id);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.db.kysely.transaction().execute((trx) => appendEvents(trx, [{ stream: s, type: 'message.created', actorId: a.user.id, data: { n: i } }])),
      ),
    );
    const seqs = (await readEvents(t.db.kysely, s, 0, 100)).map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('posts sent together (one group commit) each append one message.created, gapless per author; a post refused in the batch takes no seq', async () => {
    const [a, b, fan] = [await member(t), await subscriber(t), await member(t)];
    await follows(t, fan, a);
    const upload = mediaUrl(t.app.ctx, await storeUpload(t.app.ctx, b.user.id, 'image', { bytes: await smallPng(), contentType: 'image/png', ext: 'png', width: 64, height: 48 }));
    const sent = [
      ...Array.from({ length: 5 }, (_, i) => ({ who: a, body: { content: `a ${i}`, tags: ['together', `t${i}`] } })),
      ...Array.from({ length: 4 }, (_, i) => ({ who: b, body: { content: `b ${i}` } })),
      // Two claims of one upload: one is refused after its claim wrote (the batch runs again, unit by unit).
      { who: b, body: { content: 'first claim', imageUrls: [upload] } },
      { who: b, body: { content: 'second claim', imageUrls: [upload] } },
    ];
    const answers = await Promise.all(sent.map(({ who, body }) => call(t, who, 'POST', '/api/messages', body)));
    expect(answers.filter((r) => r.statusCode !== 201).map((r) => r.statusCode)).toEqual([400]);
    const created = (who: typeof a) => answers.filter((r, i) => r.statusCode === 201 && sent[i].who === who).map((r) => r.json().data.id as string);
    for (const [who, n] of [[a, 5], [b, 5]] as const) {
      const events = await pullAll(t, who);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      expect(events.every((e) => e.type === 'message.created' && e.actor?.id === who.user.id)).toBe(true);
      expect(events.map((e) => e.data.messageId).sort()).toEqual(created(who).sort());
    }
    // The fan-out jobs: one per message of the followed author, none for the other.
    const jobs = await t.db.kysely.selectFrom('jobs').select('payload').where('kind', '=', 'events-timeline').execute();
    const jobOf = (id: string) => jobs.filter((j) => j.payload.includes(id)).length;
    expect(created(a).map(jobOf)).toEqual([1, 1, 1, 1, 1]);
    expect(created(b).map(jobOf)).toEqual([0, 0, 0, 0, 0]);
  });

  it('announceEvents reports eventsAppended with the streams, once each', async () => {
    const seen: string[][] = [];
    const off = t.app.ctx.events.on('eventsAppended', (p) => void seen.push(p.streams));
    announceEvents(t.app.ctx, ['user:x', 'user:y', 'user:x']);
    announceEvents(t.app.ctx, []);
    off();
    expect(seen).toEqual([['user:x', 'user:y']]);
  });
});
