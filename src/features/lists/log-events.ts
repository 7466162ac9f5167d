import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { appendEvents, eventsFor, itemAudience } from '../events/index.js';

// What the lists feature writes to the event log (docs/events.md), inside the transaction of the
// change: `list.*` and `list.row.*` to everyone who may read the list (itemAudience: its owner,
// collaborators, and members of organizations it is shared with). Answers the users written to,
// whom the caller announces once the transaction commits.

export async function listAudience(trx: Kysely<Database>, listId: string, now: Date): Promise<string[]> {
  return itemAudience(trx, { listId }, now.toISOString());
}

/** Events of one list to its audience (`audience` when the caller read it already). */
export async function logListEvents(
  trx: Kysely<Database>,
  now: Date,
  listId: string,
  actorId: string | null,
  events: readonly { type: string; data: Record<string, unknown> }[],
  audience?: readonly string[],
): Promise<string[]> {
  const to = audience ?? (await listAudience(trx, listId, now));
  await appendEvents(
    trx,
    events.flatMap((e) => eventsFor(to, e.type, actorId, { listId, ...e.data })),
    now,
  );
  return [...to];
}
