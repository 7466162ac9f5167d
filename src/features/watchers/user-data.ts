import type { AppContext } from '../../runtime/context.js';
import type { ArchiveFile, UserDataPart } from '../../runtime/module.js';
import { countWatchesTouching, deleteWatchesTouching, watchedLists } from './queries.js';

// Watches (the purge's `lists` category, and account deletion): the user's own watches and the
// watches of the user's lists go (a list's also go with it, by its foreign key). In the archive:
// the lists the user watches.

async function* watchFiles(ctx: AppContext, userId: string): AsyncGenerator<ArchiveFile> {
  const lists = await watchedLists(ctx.db.kysely, userId);
  if (lists.length === 0) return;
  const watching = lists.map((l) => ({ listId: l.id, title: l.title, since: l.created_at }));
  yield { path: 'lists/watching.json', content: `${JSON.stringify(watching, null, 2)}\n` };
}

export const listWatchersPart: UserDataPart = {
  key: 'listWatchers',
  category: 'lists',
  // Before the lists themselves (order 200), whose removal would take their watches silently.
  order: 210,
  covers: ['list_watchers.user_id'],
  count: (ctx, userId) => countWatchesTouching(ctx.db.kysely, userId),
  removeBatch: async (_ctx, trx, userId) => ({ removed: await deleteWatchesTouching(trx, userId), blobKeys: [] }),
  exportFiles: watchFiles,
};
