import type { Kysely, Selectable } from 'kysely';
import type { BillingCustomersTable, Database } from '../../db/types.js';

// The billing feature's queries (README, Design: queries): the user's provider customer and its
// subscription state, the webhook events already applied, and the tier it writes.

type Db = Kysely<Database>;
export type BillingCustomerRow = Selectable<BillingCustomersTable>;

export function findCustomerByUser(db: Db, userId: string): Promise<BillingCustomerRow | undefined> {
  return db.selectFrom('billing_customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The customer row of a provider customer id, with its user's e-mail, name and tier. */
export function findCustomerByProviderId(db: Db, providerCustomerId: string) {
  return db
    .selectFrom('billing_customers as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .selectAll('b')
    .select(['u.email', 'u.display_name', 'u.customer_status'])
    .where('b.provider_customer_id', '=', providerCustomerId)
    .executeTakeFirst();
}

/** Records the user's provider customer; a row already there (a concurrent request) is kept. */
export async function insertCustomer(db: Db, userId: string, providerCustomerId: string, now: string): Promise<void> {
  await db
    .insertInto('billing_customers')
    .values({ user_id: userId, provider_customer_id: providerCustomerId, cancel_at_period_end: false, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export interface SubscriptionState {
  subscription_id: string;
  plan: 'monthly' | 'annual' | null;
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

export async function updateSubscriptionState(db: Db, userId: string, state: SubscriptionState, now: string): Promise<void> {
  await db
    .updateTable('billing_customers')
    .set({ ...state, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Sets the user's tier, unless it is an administrator's plain `subscriber` grant, which billing
 * never changes (checked in the same statement, so a grant made meanwhile is kept too).
 */
export async function setBillingTier(db: Db, userId: string, customerStatus: 'free' | 'subscriber:monthly' | 'subscriber:annual', now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ customer_status: customerStatus, updated_at: now })
    .where('id', '=', userId)
    .where('customer_status', '<>', 'subscriber')
    .execute();
}

export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  return (await db.selectFrom('billing_events').select('id').where('id', '=', eventId).executeTakeFirst()) !== undefined;
}

/** Claims an event id; false when it was already applied (a replay or a concurrent delivery). */
export async function claimEvent(db: Db, eventId: string, type: string, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('billing_events')
    .values({ id: eventId, type, received_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Forgets applied event ids older than `before` (the provider stops retrying after three days). */
export async function deleteEventsBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('billing_events').where('received_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the user's customer row; answers the provider customer id it held, if any. */
export async function deleteCustomer(db: Db, userId: string): Promise<string | null> {
  const row = await db.deleteFrom('billing_customers').where('user_id', '=', userId).returning('provider_customer_id').executeTakeFirst();
  return row?.provider_customer_id ?? null;
}
