import type { UserDataPart } from '../../runtime/module.js';
import { AppState } from '../../runtime/state.js';
import { countUserEvents, hurryTimelineJobs, removeUserStream, timelineJobsPending } from './queries.js';

// A user's event stream goes with the account (after the content whose removal may still append
// to it: a low order). Events of other streams the user acted in lose their `actor_id` (their
// envelope's actor becomes null). Nothing of it goes
// into the archive: it is a week of notices about data the archive holds itself.
export const eventStreamPart: UserDataPart = {
  key: 'eventStream',
  order: 5,
  covers: ['event_streams.user_id', 'events.actor_id'],
  count: (ctx, userId) => countUserEvents(ctx.db.kysely, userId),
  removeBatch: async (_ctx, trx, userId, limit) => ({ removed: await removeUserStream(trx, userId, limit), blobKeys: [] }),
};

/** How long account deletion waits between two looks at the timeline jobs it waits on. */
const TIMELINE_WAIT_MS = 25;
/** And at most this long in all: a runner that is not running them (stopped, overloaded) does not hold a deletion for ever. */
const TIMELINE_WAIT_LIMIT_MS = 60_000;
/** When this app began waiting for a user's timeline jobs (wall clock: an injected clock may stand still). */
export const timelineWaits = new AppState<Map<string, number>>('events.timelineWaits', () => new Map());

// Account deletion, between the messages (order 200) and the organizations (150) and follows
// (100): the followers' `timeline.message_removed` tombstones are fanned out by jobs that read the
// audience when they run, so the removal waits here until every such job of the user has run (at
// most a minute); otherwise a job claimed after the follows went would reach nobody. A job that
// failed and waits for its retry is made due at once, so its retries come while the follows are
// still there; one that used up its attempts is not waited on. It removes nothing.
export const timelineTombstonesPart: UserDataPart = {
  key: 'timelineTombstones',
  order: 160,
  covers: [],
  count: async () => 0,
  async removeBatch(ctx, trx, userId) {
    const waitingSince = ctx.state(timelineWaits);
    const since = waitingSince.get(userId) ?? Date.now();
    const givenUp = Date.now() - since >= TIMELINE_WAIT_LIMIT_MS;
    if (!givenUp) await hurryTimelineJobs(trx, userId, ctx.clock.now());
    if (givenUp || !(await timelineJobsPending(trx, userId))) {
      waitingSince.delete(userId);
      return { removed: 0, blobKeys: [] };
    }
    waitingSince.set(userId, since);
    ctx.jobs.kick();
    return { removed: 0, blobKeys: [], partial: true, waitMs: TIMELINE_WAIT_MS };
  },
};
