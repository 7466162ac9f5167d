import type { AppContext } from '../../runtime/context.js';
import type { DomainEvents } from '../../runtime/events.js';
import { readableList } from '../item-access/index.js';
import { foldListChange } from '../notifications/service.js';
import { deleteWatch, insertWatch, readingWatchersOf } from './queries.js';

// Watching a list: whoever may read the list through its
// ordinary endpoints (owner or collaborator) may watch it, and is then told of every change of its
// rows made by someone else, in one folded `list_changed` notice while it is unread.

/** Starts watching the list (idempotent); 404 for a list the caller may not read. */
export async function watchList(ctx: AppContext, userId: string, listId: string): Promise<void> {
  await readableList(ctx, userId, listId);
  await insertWatch(ctx.db.kysely, listId, userId, ctx.clock.now().toISOString());
}

/** Stops watching the list (idempotent); 404 for a list the caller may not read. */
export async function unwatchList(ctx: AppContext, userId: string, listId: string): Promise<void> {
  await readableList(ctx, userId, listId);
  await deleteWatch(ctx.db.kysely, listId, userId);
}

/**
 * The listener of `listRowsChanged`: each watcher but the actor gets the change folded into their
 * unread notice. One watcher's failure is logged and does not keep the others from theirs.
 */
export async function tellWatchers(ctx: AppContext, { listId, actorId, changes }: DomainEvents['listRowsChanged']): Promise<void> {
  // A watcher whose access has ended is told nothing (the query asks the access module).
  for (const { user_id: watcherId, title } of await readingWatchersOf(ctx.db.kysely, listId, actorId)) {
    try {
      await foldListChange(ctx, { recipientId: watcherId, actorId, list: { id: listId, title }, changes });
    } catch (err) {
      ctx.log.error({ err, listId, watcherId }, 'list_changed notice failed');
    }
  }
}
