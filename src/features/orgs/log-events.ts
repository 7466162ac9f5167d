import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { appendEvents, streamOfOrg, streamOfUser } from '../events/index.js';

// What the organizations feature writes to the event log (docs/events.md), in the transaction of
// the change: `org.member.added` / `org.member.removed` to the organization's stream (its webhooks
// read it) and to the stream of the member concerned. Answers the streams written, announced once
// the transaction commits.

export async function logMembership(
  trx: Kysely<Database>,
  now: Date,
  change: { type: 'org.member.added' | 'org.member.removed'; orgId: string; userId: string; role: string; actorId: string | null },
): Promise<string[]> {
  const data = { orgId: change.orgId, userId: change.userId, role: change.role };
  const { streams } = await appendEvents(
    trx,
    [streamOfOrg(change.orgId), streamOfUser(change.userId)].map((stream) => ({ stream, type: change.type, actorId: change.actorId, data })),
    now,
  );
  return streams;
}
