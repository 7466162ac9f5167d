import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { appendEvents, enqueueTimeline, eventsFor, streamOfOrg, type EventInput, type TimelineJob, type TombstoneReason } from '../events/index.js';
import { messageAuthors } from './queries.js';

// What the messages feature writes to the event log (docs/events.md), inside the transaction of
// the change: `message.*` to the author's stream (and an organization's message to the
// organization's stream), and the home-timeline fan-out job
// (`timeline.message`, `timeline.message_removed`) committed with it.

export interface PublishedMessage {
  id: string;
  user_id: string;
  org_id: string | null;
}

/** An organization's message is the organization's event too: the same event on its stream (its webhooks read it). */
function withOrgStream(m: { org_id: string | null }, events: EventInput[]): EventInput[] {
  return m.org_id === null ? events : [...events, ...events.map((e) => ({ ...e, stream: streamOfOrg(m.org_id!) }))];
}

/** The events of messages that became visible (posted, or their scheduled time came): message.created. */
export function publishedEvents(messages: readonly PublishedMessage[]): EventInput[] {
  return messages.flatMap((m) => withOrgStream(m, eventsFor([m.user_id], 'message.created', m.user_id, { messageId: m.id, orgId: m.org_id })));
}

/** The home-timeline fan-out jobs of messages that became visible. */
export const publishedTimelineJobs = (messages: readonly PublishedMessage[]): TimelineJob[] => messages.map((m) => ({ messageId: m.id, authorId: m.user_id, orgId: m.org_id }));

/**
 * Queues those jobs, committed with the messages (`followed`: the authors among them someone
 * follows, when the caller's statement asked already: enqueueTimeline).
 */
export async function queuePublishedTimeline(trx: Kysely<Database>, now: Date, messages: readonly PublishedMessage[], followed?: ReadonlySet<string>): Promise<void> {
  if (messages.length === 0) return;
  await enqueueTimeline(trx, now, publishedTimelineJobs(messages), followed);
}

/** Messages became visible: message.created and the fan-out. */
export async function logPublished(trx: Kysely<Database>, now: Date, messages: readonly PublishedMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const { streams } = await appendEvents(trx, publishedEvents(messages), now);
  await queuePublishedTimeline(trx, now, messages);
  return streams;
}

/** Messages are about to be deleted (read before the delete): a tombstone to each author, and the timelines'. */
export async function logDeleted(trx: Kysely<Database>, now: Date, ids: readonly string[], actorId: string | null, reason: TombstoneReason = 'deleted'): Promise<string[]> {
  const rows = await messageAuthors(trx, ids);
  if (rows.length === 0) return [];
  const deletedAt = now.toISOString();
  const { streams } = await appendEvents(
    trx,
    rows.flatMap((m) => withOrgStream(m, eventsFor([m.user_id], 'message.deleted', actorId, { messageId: m.id, orgId: m.org_id, deletedAt, reason }))),
    now,
  );
  const published = rows.filter((m) => m.published_at !== null);
  await enqueueTimeline(
    trx,
    now,
    published.map((m) => ({ messageId: m.id, authorId: m.user_id, orgId: m.org_id, removed: { deletedAt, reason: reason === 'purged' ? 'purged' : 'deleted' } })),
  );
  return streams;
}
