import type { UserDataPart } from '../../runtime/module.js';
import { countOwned, userRowsPart } from '../../runtime/user-data.js';
import { csvStream } from '../../lib/csv.js';
import { jsonArraySpool, recordObject } from '../../lib/json-stream.js';
import { MESSAGE_COLUMNS, messageRecords } from '../exports/service.js';
import { takeAttachedUploads } from '../media/service.js';
import { logDeleted } from './log-events.js';
import { deleteMessages, forgetReportResolver, newestMessageIdsOf, orphanRepliesOf } from './queries.js';
import { foldTagsIn } from './tag-fold.js';

// The user's messages, for the purge's `messages` category and account deletion. Newest first:
// a reply is always newer than its parent, so the user's own replies go before (or with) what
// they answer, and the cascade on parent_id never removes a message of the user uncounted.
// Replies by other users stay: their parent_id moves to orphaned_parent_id (the parent reads as
// gone). Tags, digs, reports, the search index entries (message_words among them) and the public
// tag uses go with each message (foreign keys and triggers); the triggers also bump the
// message-read version and the public count, so every instance's feed, search and count caches
// are exact after each batch commits. Each batch then folds the tag counters (tag-fold.ts), so no author row of the trending
// counters (tag_trend_authors) or removal awaiting the fold (tag_use_removals) names the user.

export const messagesPart: UserDataPart = {
  key: 'messages',
  category: 'messages',
  order: 200,
  covers: ['messages.user_id', 'message_words.user_id', 'public_tag_uses.author_id', 'tag_use_removals.author_id', 'tag_trend_authors.author_id'],
  count: (ctx, userId) => countOwned(ctx.db.kysely, 'messages.user_id', userId),
  async removeBatch(ctx, trx, userId, limit) {
    const ids = await newestMessageIdsOf(trx, userId, limit);
    if (ids.length === 0) return { removed: 0, blobKeys: [] };
    // Tombstones first (reason "purged"): to the author, and the timelines that held each message.
    const streams = await logDeleted(trx, ctx.clock.now(), ids, null, 'purged');
    await orphanRepliesOf(trx, ids, userId);
    const blobKeys = await takeAttachedUploads(
      trx,
      ids.map((id) => `message:${id}`),
    );
    await deleteMessages(trx, ids);
    await foldTagsIn(trx, ctx.db.engine, ctx.clock.now());
    return { removed: ids.length, blobKeys, streams };
  },
  // The archive: the export's records as CSV and as JSON, read once, in batches, as the CSV is
  // written; the JSON goes to a temporary file meanwhile and follows from there.
  async *exportFiles(ctx, userId) {
    const json = await jsonArraySpool();
    try {
      const records = json.tee(messageRecords(ctx, userId), (record) => recordObject(MESSAGE_COLUMNS, record));
      yield { path: 'messages/messages.csv', content: csvStream(MESSAGE_COLUMNS, records) };
      yield { path: 'messages/messages.json', content: await json.read() };
    } finally {
      await json.dispose();
    }
  },
};

/** Account deletion: the digs the user gave, and the reports the user filed or resolved. */
export const digsGivenPart = userRowsPart('digsGiven', ['digs.user_id']);
const reportsFiled = userRowsPart('messageReports', ['message_reports.reporter_id']);
export const reportsFiledPart: UserDataPart = {
  ...reportsFiled,
  covers: ['message_reports.reporter_id', 'message_reports.resolved_by'],
  async removeBatch(ctx, trx, userId, limit) {
    await forgetReportResolver(trx, userId);
    return reportsFiled.removeBatch(ctx, trx, userId, limit);
  },
};
