import type { TestApp } from '../helpers/app.js';
import { announceEvents, appendEvents, streamOfUser } from '../../src/features/events/index.js';
import type { Member } from '../messages/helpers.js';
import { call } from '../messages/helpers.js';

// Set-up and reads for the events tests.

/** Appends `n` events to the user's stream directly (set-up for the cursor rules), and announces them. */
export async function seed(t: TestApp, who: Member, n: number, type = 'list.updated', data: Record<string, unknown> = {}): Promise<void> {
  const stream = streamOfUser(who.user.id);
  await t.db.kysely.transaction().execute((trx) => appendEvents(trx, Array.from({ length: n }, (_, i) => ({ stream, type, actorId: who.user.id, data: { ...data, n: i } })), t.clock.now()));
  announceEvents(t.app.ctx, [stream]);
}

/** Every event of the user's stream, through the pull endpoint. */
export async function pullAll(t: TestApp, who: Member, types?: string): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  let after = 0;
  for (;;) {
    const res = await call(t, who, 'GET', `/api/events?after=${after}&limit=500${types ? `&types=${encodeURIComponent(types)}` : ''}`);
    if (res.statusCode !== 200) throw new Error(`pull ${res.statusCode}: ${res.body}`);
    const body = res.json();
    out.push(...body.events);
    if (!body.hasMore) return out;
    after = body.seq;
  }
}

/** The types of the user's events, in order. */
export async function typesOf(t: TestApp, who: Member, types?: string): Promise<string[]> {
  return (await pullAll(t, who, types)).map((e) => e.type as string);
}
