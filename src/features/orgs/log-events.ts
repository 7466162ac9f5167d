import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { appendEvents, streamOfOrg, streamOfUser } from '../events/index.js';

// What the organizations feature writes to the event log (docs/events.md), in the transaction of
// the change: `org.member.added` / `org.member.removed` / `org.member.updated` (a new role) to the organization's stream (its webhooks
// read it) and to the stream of the member concerned. Answers the streams written, announced once
// the transaction commits.

export async function logMembership(
  trx: Kysely<Database>,
  now: Date,
  change: { type: 'org.member.added' | 'org.member.removed' | 'org.member.updated'; orgId: string; userId: string; role: string; actorId: string | null },
): Promise<string[]> {
  const data = memberData(change.orgId, change.userId, change.role);
  const { streams } = await appendEvents(
    trx,
    [streamOfOrg(change.orgId), streamOfUser(change.userId)].map((stream) => ({ stream, type: change.type, actorId: change.actorId, data })),
    now,
  );
  return streams;
}

const memberData = (orgId: string, userId: string, role: string) => ({ orgId, userId, role });

/** The organization is being deleted: `org.member.removed` to each member's own stream (the organization's goes with it). */
export async function logOrgDeleted(trx: Kysely<Database>, now: Date, orgId: string, members: readonly { user_id: string; role: string }[], actorId: string): Promise<string[]> {
  const events = members.map((m) => ({ stream: streamOfUser(m.user_id), type: 'org.member.removed', actorId, data: memberData(orgId, m.user_id, m.role) }));
  return (await appendEvents(trx, events, now)).streams;
}
