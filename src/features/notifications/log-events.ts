import type { Insertable, Kysely } from 'kysely';
import type { Database, NotificationsTable } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import { announceEvents, appendEvents, eventsFor, streamsOf } from '../events/index.js';
import { insertNotification } from './queries.js';

// A notification in the tray and its `notification.created` event (docs/events.md), written in one
// transaction: `trx` when the caller has one (and announces after its commit), else its own.

export async function recordNotification(ctx: AppContext, values: Insertable<NotificationsTable>, trx?: Kysely<Database>): Promise<void> {
  const write = async (tx: Kysely<Database>) => {
    await insertNotification(tx, values);
    const data = { notificationId: values.id, notificationType: values.type, routePath: values.route_path ?? null, ...(values.target_message_id ? { messageId: values.target_message_id } : {}), ...(values.target_list_id ? { listId: values.target_list_id } : {}) };
    await appendEvents(tx, eventsFor([values.user_id], 'notification.created', values.actor_id ?? null, data), ctx.clock.now());
  };
  if (trx) return write(trx);
  await ctx.db.kysely.transaction().execute(write);
  announceEvents(ctx, streamsOf([values.user_id]));
}
