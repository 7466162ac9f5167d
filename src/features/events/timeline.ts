import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { enqueueJobs } from '../../runtime/jobs/enqueue.js';
import type { AppContext } from '../../runtime/types.js';
import { authorsWithFollowers, timelineAudience } from '../visibility/service.js';
import { appendEvents, EVENTS_OFF, streamOfUser } from './queries.js';
import { announceEvents } from './announce.js';

// The home timeline's events (`timeline.message`, `timeline.message_removed`): fan-out on write
// to the streams of the author's followers and, for an organization's message, its members,
// as the feed shows it (visibility's timelineAudience: blocks either way and mutes leave a reader
// out). Never in the author's request: the write commits a job with the message (enqueueTimeline),
// and the job appends to a batch of streams per transaction.

export interface TimelineJob {
  messageId: string;
  authorId: string;
  orgId: string | null;
  /** The message was deleted (or purged): tombstones to the same audience. */
  removed?: { deletedAt: string; reason: 'deleted' | 'purged' };
}

/** Streams per transaction of the fan-out (each a counter upsert; one insert for all). */
export const FANOUT_BATCH = 200;

/**
 * Commits the fan-out jobs of these messages with the caller's transaction; a message with nobody
 * to reach (an author without followers, not for an organization) gets none. That is most
 * messages, and a job costs its row, its claim and its outcome: writes that halved the rate of
 * message creates (docs/events.md, "Figures"). The audience is still read when the job runs.
 */
export async function enqueueTimeline(trx: Kysely<Database>, now: Date, jobs: readonly TimelineJob[], followed?: ReadonlySet<string>): Promise<void> {
  if (EVENTS_OFF) return;
  const reaching = await mayReachSomeone(trx, jobs, followed);
  await enqueueJobs(
    trx,
    now,
    reaching.map((payload) => ({ kind: 'events-timeline' as const, payload })),
  );
}

/**
 * The jobs of an organization's messages (its members read them) and of authors someone follows
 * (`followed`: which of them the caller's own statement found followed, timelineAuthors).
 */
async function mayReachSomeone(trx: Kysely<Database>, jobs: readonly TimelineJob[], followed?: ReadonlySet<string>): Promise<readonly TimelineJob[]> {
  const authors = timelineAuthors(jobs);
  if (authors.length === 0) return jobs;
  const withFollowers = followed ?? (await authorsWithFollowers(trx, authors));
  return jobs.filter((j) => j.orgId !== null || withFollowers.has(j.authorId));
}

/** The authors whose followers decide whether these jobs are queued (an organization's message is queued regardless). */
export function timelineAuthors(jobs: readonly TimelineJob[]): string[] {
  return [...new Set(jobs.filter((j) => j.orgId === null).map((j) => j.authorId))];
}

/** The job: every reader's stream gets the event, a batch of streams per transaction. */
export async function fanOutTimeline(ctx: AppContext, job: TimelineJob): Promise<void> {
  const type = job.removed ? 'timeline.message_removed' : 'timeline.message';
  const data = job.removed ? { messageId: job.messageId, authorId: job.authorId, deletedAt: job.removed.deletedAt, reason: job.removed.reason } : { messageId: job.messageId, authorId: job.authorId };
  let after = '';
  for (;;) {
    const readers = await timelineAudience(ctx.db.kysely, job.authorId, job.orgId, after, FANOUT_BATCH);
    if (readers.length === 0) return;
    const { streams } = await ctx.db.kysely.transaction().execute((trx) =>
      appendEvents(
        trx,
        readers.map((id) => ({ stream: streamOfUser(id), type, actorId: job.authorId, data })),
        ctx.clock.now(),
      ),
    );
    announceEvents(ctx, streams);
    if (readers.length < FANOUT_BATCH) return;
    after = readers[readers.length - 1];
  }
}
