import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import type { UserDataPart } from '../../runtime/module.js';
import { parseJson } from '../../db/dialect.js';
import { jsonArrayStream } from '../../lib/json-stream.js';
import { takeAttachedUploads } from '../media/service.js';

// Direct messages: those the user sent (the purge's `directMessages` category, with their image
// blobs), and for account deletion also those the user received.

async function removeDirectMessages(trx: Kysely<Database>, column: 'sender_id' | 'recipient_id', userId: string, limit: number) {
  const rows = await trx.selectFrom('direct_messages').select('id').where(column, '=', userId).limit(limit).execute();
  if (rows.length === 0) return { removed: 0, blobKeys: [] };
  const ids = rows.map((r) => r.id);
  const blobKeys = await takeAttachedUploads(
    trx,
    ids.map((id) => `direct_message:${id}`),
  );
  await trx.deleteFrom('direct_messages').where('id', 'in', ids).execute();
  return { removed: ids.length, blobKeys };
}

const EXPORT_BATCH = 1000;

/** The user's direct messages on one side, oldest first, with the other party's username. */
async function* directMessageRecords(ctx: AppContext, column: 'sender_id' | 'recipient_id', userId: string) {
  const other = column === 'sender_id' ? 'recipient_id' : 'sender_id';
  let after = '';
  for (;;) {
    const rows = await ctx.db.kysely
      .selectFrom('direct_messages')
      .innerJoin('users', 'users.id', `direct_messages.${other}`)
      .select(['direct_messages.id', 'direct_messages.content', 'direct_messages.image_urls', 'direct_messages.created_at', 'direct_messages.read_at', 'users.username'])
      .where(`direct_messages.${column}`, '=', userId)
      .where('direct_messages.id', '>', after)
      .orderBy('direct_messages.id')
      .limit(EXPORT_BATCH)
      .execute();
    for (const r of rows) {
      yield { id: r.id, [column === 'sender_id' ? 'to' : 'from']: r.username, content: r.content, imageUrls: parseJson<string[]>(r.image_urls) ?? [], createdAt: r.created_at, readAt: r.read_at };
    }
    if (rows.length < EXPORT_BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

function part(key: string, column: 'sender_id' | 'recipient_id', category?: 'directMessages'): UserDataPart {
  return {
    key,
    ...(category ? { category } : {}),
    covers: [`direct_messages.${column}`],
    async count(ctx, userId) {
      const row = await ctx.db.kysely.selectFrom('direct_messages').select((eb) => eb.fn.countAll().as('n')).where(column, '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    removeBatch: (_ctx, trx, userId, limit) => removeDirectMessages(trx, column, userId, limit),
    async *exportFiles(ctx, userId) {
      yield { path: `direct-messages/${column === 'sender_id' ? 'sent' : 'received'}.json`, content: jsonArrayStream(directMessageRecords(ctx, column, userId)) };
    },
  };
}

export const directMessagesSentPart = part('directMessages', 'sender_id', 'directMessages');
export const directMessagesReceivedPart = part('directMessagesReceived', 'recipient_id');
