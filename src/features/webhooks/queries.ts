import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, WebhookAttemptsTable, WebhookDeliveriesTable, WebhooksTable } from '../../db/types.js';
import type { WebhookOwner } from './owner.js';

// Every statement of the webhooks feature.

type Db = Kysely<Database>;
export type WebhookRow = Selectable<WebhooksTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** A delivery that may still be attempted. */
export const OPEN_STATUSES = ['pending', 'retrying'] as const;

function ownerColumn(owner: WebhookOwner): 'user_id' | 'org_id' {
  return owner.kind === 'user' ? 'user_id' : 'org_id';
}

export async function countWebhooksOf(db: Db, owner: WebhookOwner): Promise<number> {
  const row = await db.selectFrom('webhooks').select((eb) => eb.fn.countAll().as('n')).where(ownerColumn(owner), '=', owner.id).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertWebhook(db: Db, row: Insertable<WebhooksTable>): Promise<void> {
  await db.insertInto('webhooks').values(row).execute();
}

export function webhooksOf(db: Db, owner: WebhookOwner): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where(ownerColumn(owner), '=', owner.id).orderBy('created_at').orderBy('id').execute();
}

export function ownWebhook(db: Db, owner: WebhookOwner, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).where(ownerColumn(owner), '=', owner.id).executeTakeFirst();
}

export function webhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateWebhook(db: Db, id: string, set: Updateable<WebhooksTable>): Promise<void> {
  await db.updateTable('webhooks').set(set).where('id', '=', id).execute();
}

export async function deleteWebhook(db: Db, id: string): Promise<void> {
  await db.deleteFrom('webhooks').where('id', '=', id).execute();
}

/** Deletes up to `limit` of a user's webhooks (their deliveries go with them); answers how many. */
export async function deleteWebhooksOfUser(db: Db, userId: string, limit: number): Promise<number> {
  const ids = db.selectFrom('webhooks').select('id').where('user_id', '=', userId).limit(limit);
  const result = await db.deleteFrom('webhooks').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Inserts a delivery; false when the webhook already has the delivery of that event (dedupe_key). */
export async function insertDelivery(db: Db, row: Insertable<WebhookDeliveriesTable>): Promise<boolean> {
  const result = await db
    .insertInto('webhook_deliveries')
    .values(row)
    .onConflict((oc) => oc.columns(['webhook_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function deliveryOf(db: Db, webhookId: string, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('webhook_id', '=', webhookId).executeTakeFirst();
}

export interface DeliveryFilter {
  status?: string;
  type?: string;
}

function filtered(db: Db, webhookId: string, filter: DeliveryFilter) {
  return db
    .selectFrom('webhook_deliveries')
    .where('webhook_id', '=', webhookId)
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status!))
    .$if(filter.type !== undefined, (q) => q.where('type', '=', filter.type!));
}

/** A page of a webhook's deliveries, newest first, and how many match in all. */
export async function deliveryPage(db: Db, webhookId: string, filter: DeliveryFilter, limit: number, offset: number): Promise<{ rows: DeliveryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, webhookId, filter).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    filtered(db, webhookId, filter).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function attemptsOf(db: Db, deliveryId: string): Promise<AttemptRow[]> {
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempted_at').orderBy('id').execute();
}

export async function insertAttempt(db: Db, row: Insertable<WebhookAttemptsTable>): Promise<void> {
  await db.insertInto('webhook_attempts').values(row).execute();
}

export async function updateDelivery(db: Db, id: string, set: Updateable<WebhookDeliveriesTable>): Promise<void> {
  await db.updateTable('webhook_deliveries').set(set).where('id', '=', id).execute();
}

/** Up to `limit` ids of a webhook's deliveries whose attempt is due, the longest waiting first. */
export async function dueDeliveryIds(db: Db, webhookId: string, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('webhook_id', '=', webhookId)
    .where('next_attempt_at', '<=', now)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The webhooks with a delivery due at `now` (the safety sweep). */
export async function webhooksWithDueDeliveries(db: Db, now: string): Promise<string[]> {
  const rows = await db.selectFrom('webhook_deliveries').select('webhook_id').distinct().where('next_attempt_at', '<=', now).where('status', 'in', OPEN_STATUSES).execute();
  return rows.map((r) => r.webhook_id);
}

/** A delivery's row if it is still open and due (what an attempt re-reads before sending). */
export function dueDelivery(db: Db, id: string, now: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).where('status', 'in', OPEN_STATUSES).where('next_attempt_at', '<=', now).executeTakeFirst();
}

/**
 * Takes the lease of a webhook's sender until `until` if nobody holds it (one statement: two
 * instances cannot both take it). True when taken.
 */
export async function takeSenderLease(db: Db, webhookId: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ pump_until: until })
    .where('id', '=', webhookId)
    .where((eb) => eb.or([eb('pump_until', 'is', null), eb('pump_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function renewSenderLease(db: Db, webhookId: string, until: string): Promise<void> {
  await db.updateTable('webhooks').set({ pump_until: until }).where('id', '=', webhookId).execute();
}

export async function releaseSenderLease(db: Db, webhookId: string): Promise<void> {
  await db.updateTable('webhooks').set({ pump_until: null }).where('id', '=', webhookId).execute();
}

/** A success resets the webhook's failure run. */
export async function recordWebhookSuccess(db: Db, webhookId: string, now: string): Promise<void> {
  await db.updateTable('webhooks').set({ consecutive_failures: 0, failing_since: null, updated_at: now }).where('id', '=', webhookId).execute();
}

/** A failed attempt lengthens the webhook's failure run; answers the run as it now stands. */
export async function recordWebhookFailure(db: Db, webhookId: string, now: string): Promise<{ consecutive_failures: number; failing_since: string | null } | undefined> {
  return db
    .updateTable('webhooks')
    .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1), failing_since: eb.fn.coalesce('failing_since', sql.val(now)), updated_at: now }))
    .where('id', '=', webhookId)
    .returning(['consecutive_failures', 'failing_since'])
    .executeTakeFirst();
}

/** Disables an enabled webhook; true only for the call that disabled it (so only one tells the owner). */
export async function disableWebhook(db: Db, webhookId: string, reason: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('webhooks')
    .set({ enabled: false, disabled_reason: reason, updated_at: now })
    .where('id', '=', webhookId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends the open deliveries of a webhook that was disabled: they fail with `reason`. */
export async function failOpenDeliveries(db: Db, webhookId: string, reason: string, now: string): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, updated_at: now })
    .where('webhook_id', '=', webhookId)
    .where('status', 'in', OPEN_STATUSES)
    .execute();
}

/** The webhooks of the owners of these streams (fan-out), enabled or not: a disabled one's cursor moves on too. */
export function webhooksOfOwners(db: Db, owners: readonly WebhookOwner[]): Promise<WebhookRow[]> {
  const users = owners.filter((o) => o.kind === 'user').map((o) => o.id);
  const orgs = owners.filter((o) => o.kind === 'org').map((o) => o.id);
  if (users.length === 0 && orgs.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhooks')
    .selectAll()
    .where((eb) => eb.or([...(users.length ? [eb('user_id', 'in', users)] : []), ...(orgs.length ? [eb('org_id', 'in', orgs)] : [])]))
    .execute();
}

/** Every stream some webhook reads (the safety poll). */
export async function streamsWithWebhooks(db: Db): Promise<WebhookOwner[]> {
  const rows = await db.selectFrom('webhooks').select(['user_id', 'org_id']).distinct().execute();
  return rows.map((r) => (r.user_id !== null ? { kind: 'user', id: r.user_id } : { kind: 'org', id: r.org_id! }));
}

/** Moves a webhook's cursor from `from` to `to`; false when another fan-out moved it first. */
export async function advanceCursor(db: Db, webhookId: string, from: number, to: number): Promise<boolean> {
  const result = await db.updateTable('webhooks').set({ cursor_seq: to }).where('id', '=', webhookId).where('cursor_seq', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes up to `limit` deliveries made before `before` (their attempts go with them). */
export async function pruneDeliveries(db: Db, before: string, limit: number): Promise<number> {
  const ids = db.selectFrom('webhook_deliveries').select('id').where('created_at', '<', before).limit(limit);
  const result = await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Who is told when a webhook is disabled: its user, or its organization's owners and admins. */
export function peopleToTell(db: Db, owner: WebhookOwner): Promise<{ id: string; email: string; email_verified: unknown }[]> {
  const users = db.selectFrom('users').select(['users.id', 'users.email', 'users.email_verified']);
  if (owner.kind === 'user') return users.where('users.id', '=', owner.id).execute();
  return users
    .innerJoin('organization_members as m', 'm.user_id', 'users.id')
    .where('m.organization_id', '=', owner.id)
    .where('m.role', 'in', ['owner', 'admin'])
    .execute();
}

export async function orgSlug(db: Db, orgId: string): Promise<string | null> {
  const row = await db.selectFrom('organizations').select('slug').where('id', '=', orgId).executeTakeFirst();
  return row?.slug ?? null;
}
