import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CrossPostDeliveriesTable, Database } from '../../db/types.js';

// The delivery ledger's SQL (cross_post_deliveries): one row per target of a message.

export type DeliveryRow = Selectable<CrossPostDeliveriesTable>;

export async function insertDeliveries(db: Kysely<Database>, rows: Insertable<CrossPostDeliveriesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('cross_post_deliveries').values(rows).execute();
}

export function deliveryById(db: Kysely<Database>, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('cross_post_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function deliveriesOf(db: Kysely<Database>, messageId: string): Promise<DeliveryRow[]> {
  return db.selectFrom('cross_post_deliveries').selectAll().where('message_id', '=', messageId).orderBy('created_at').orderBy('id').execute();
}

export function deliveriesByIds(db: Kysely<Database>, ids: readonly string[]): Promise<DeliveryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('cross_post_deliveries').selectAll().where('id', 'in', ids).orderBy('created_at').orderBy('id').execute();
}

/** Changes a delivery only while it is in `from`; answers whether it was. */
export async function moveDelivery(
  db: Kysely<Database>,
  id: string,
  from: DeliveryRow['status'],
  fields: Partial<Omit<Insertable<CrossPostDeliveriesTable>, 'id'>>,
): Promise<boolean> {
  const result = await db.updateTable('cross_post_deliveries').set(fields).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The author's own message (its id and the fields a delivery carries), or undefined. */
export function ownMessage(db: Kysely<Database>, userId: string, id: string) {
  return db.selectFrom('messages').select(['id', 'user_id']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export function messageForDelivery(db: Kysely<Database>, id: string) {
  return db.selectFrom('messages').select(['id', 'content', 'image_urls', 'video_urls', 'image_alts', 'video_alts', 'cross_post_config']).where('id', '=', id).executeTakeFirst();
}

/** The user's linked identities, as the selection checks them. */
export function identitiesForPosting(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('identities')
    .select(['id', 'provider', 'instance_name', 'instance_url', 'provider_user_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The failed deliveries of a message back to pending (retry); answers their ids. */
export async function reopenFailed(db: Kysely<Database>, messageId: string, at: string): Promise<string[]> {
  const rows = await db
    .updateTable('cross_post_deliveries')
    .set({ status: 'pending', attempts: 0, error: null, error_code: null, status_code: null, next_attempt_at: at, updated_at: at })
    .where('message_id', '=', messageId)
    .where('status', '=', 'failed')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A deleted message's deliveries: made copies go `deleting` (answered with their ids, for the
 * removal jobs); ones not made yet are called off (`deleted`: a delivery job that finds it so
 * does nothing, and one already posting removes its copy at once).
 */
export async function callOffDeliveries(db: Kysely<Database>, messageIds: readonly string[], at: string): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const made = await db
    .updateTable('cross_post_deliveries')
    .set({ status: 'deleting', updated_at: at })
    .where('message_id', 'in', messageIds)
    .where('status', '=', 'ok')
    .returning('id')
    .execute();
  await db
    .updateTable('cross_post_deliveries')
    .set({ status: 'deleted', updated_at: at })
    .where('message_id', 'in', messageIds)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
  return made.map((r) => r.id);
}

/** The instance names of identities, by id. */
export async function instanceNames(db: Kysely<Database>, identityIds: readonly (string | null)[]): Promise<Map<string, string>> {
  const ids = identityIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('identities').select(['id', 'instance_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.instance_name]));
}

/** How many deliveries there are of each network in each status (the metrics' one grouped read). */
export async function countDeliveriesByNetworkAndStatus(db: Kysely<Database>): Promise<{ network: string; status: string; n: number }[]> {
  const rows = await db
    .selectFrom('cross_post_deliveries')
    .select(['platform', 'status', (eb) => eb.fn.countAll().as('n')])
    .groupBy(['platform', 'status'])
    .execute();
  return rows.map((r) => ({ network: r.platform, status: r.status, n: Number(r.n) }));
}
