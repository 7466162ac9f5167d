import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import type { UserDataPart } from '../../runtime/module.js';
import { countOwned } from '../../runtime/user-data.js';
import { parseJson } from '../../db/dialect.js';
import { jsonArrayStream } from '../../lib/json-stream.js';
import { takeAttachedUploads } from '../media/service.js';
import { deleteDirectMessages, directMessageIdsOf, directMessagesAfter, type DirectMessageSide } from './queries.js';

// Direct messages: those the user sent (the purge's `directMessages` category, with their image
// blobs), and for account deletion also those the user received.

async function removeDirectMessages(trx: Kysely<Database>, column: DirectMessageSide, userId: string, limit: number) {
  const ids = await directMessageIdsOf(trx, column, userId, limit);
  if (ids.length === 0) return { removed: 0, blobKeys: [] };
  const blobKeys = await takeAttachedUploads(
    trx,
    ids.map((id) => `direct_message:${id}`),
  );
  await deleteDirectMessages(trx, ids);
  return { removed: ids.length, blobKeys };
}

const EXPORT_BATCH = 1000;

/** The user's direct messages on one side, oldest first, with the other party's username. */
async function* directMessageRecords(ctx: AppContext, column: DirectMessageSide, userId: string) {
  let after = '';
  for (;;) {
    const rows = await directMessagesAfter(ctx.db.kysely, column, userId, after, EXPORT_BATCH);
    for (const r of rows) {
      yield { id: r.id, [column === 'sender_id' ? 'to' : 'from']: r.username, content: r.content, imageUrls: parseJson<string[]>(r.image_urls) ?? [], createdAt: r.created_at, readAt: r.read_at };
    }
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

function part(key: string, column: DirectMessageSide, category?: 'directMessages'): UserDataPart {
  return {
    key,
    ...(category ? { category } : {}),
    covers: [`direct_messages.${column}`],
    count: (ctx, userId) => countOwned(ctx.db.kysely, `direct_messages.${column}`, userId),
    removeBatch: (_ctx, trx, userId, limit) => removeDirectMessages(trx, column, userId, limit),
    async *exportFiles(ctx, userId) {
      yield { path: `direct-messages/${column === 'sender_id' ? 'sent' : 'received'}.json`, content: jsonArrayStream(directMessageRecords(ctx, column, userId)) };
    },
  };
}

export const directMessagesSentPart = part('directMessages', 'sender_id', 'directMessages');
export const directMessagesReceivedPart = part('directMessagesReceived', 'recipient_id');
