import type { UserDataPart } from '../../runtime/module.js';
import { countUserEvents, removeUserStream } from './queries.js';

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
