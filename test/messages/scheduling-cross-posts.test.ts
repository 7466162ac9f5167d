import { beforeEach, describe, expect, it } from 'vitest';
import { publishDueMessages } from '../../src/features/messages/scheduling.js';
import { createPost, deliveryRows, ledgerOf, linkedSubscriber, settle, useWorld } from '../cross-posts/support.js';

// A scheduled message's cross-posts (spec, States: Scheduled message: when it is published "the
// cross-posts are made"): nothing is recorded while it waits; the run that publishes it records
// one delivery per target (a target no longer linked recorded failed) and starts them, so they
// are made without waiting for the job runner's poll. The networks are the loopback stand-ins.

const w = useWorld();
beforeEach(async () => {
  // Nothing left due from an earlier test, so each run's count is this test's own.
  await publishDueMessages(w.t.app.ctx);
});

const inTenMinutes = () => new Date(w.t.clock.now().getTime() + 10 * 60_000).toISOString();

describe('publishing a scheduled message with cross-posts', () => {
  it('records and makes its deliveries in the same run; a message without a selection gets none', async () => {
    const l = await linkedSubscriber(w);
    const body = await createPost(w, l.who, { content: 'on time', scheduledAt: inTenMinutes(), networkAProviderIds: [l.networkA], crossPostToNetworkD: true });
    const plain = await createPost(w, l.who, { content: 'no cross-post', scheduledAt: inTenMinutes() });
    expect(await deliveryRows(w, body.data.id)).toEqual([]);
    w.t.clock.advance(15 * 60_000);
    expect(await publishDueMessages(w.t.app.ctx)).toBe(2);
    // Started by the publishing run itself: settling only waits for attempts already begun.
    await settle(w);
    const ledger = await ledgerOf(w, l.who, body.data.id);
    expect(ledger.map((e) => [e.platform, e.status])).toEqual([
      ['networkA', 'ok'],
      ['networkD', 'ok'],
    ]);
    expect([...w.d.posts.values()].filter((p) => p.text === 'on time')).toHaveLength(1);
    expect(await deliveryRows(w, plain.data.id)).toEqual([]);
  });

  it('a target unlinked before publishing is recorded failed with network_not_linked', async () => {
    const l = await linkedSubscriber(w);
    const body = await createPost(w, l.who, { content: 'unlinked meanwhile', scheduledAt: inTenMinutes(), crossPostToNetworkD: true });
    await w.t.db.kysely.deleteFrom('identities').where('id', '=', l.networkD).execute();
    w.t.clock.advance(15 * 60_000);
    expect(await publishDueMessages(w.t.app.ctx)).toBe(1);
    await settle(w);
    expect((await ledgerOf(w, l.who, body.data.id)).map((e) => [e.status, e.errorCode])).toEqual([['failed', 'network_not_linked']]);
  });
});
