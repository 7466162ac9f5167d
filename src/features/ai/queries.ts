import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The AI audit ledger (table ai_usage, migration 014): one row per attempt.

export interface NewAttempt {
  id: string;
  user_id: string;
  feature: string;
  operation: 'suggest' | 'generate';
  provider: string;
  model: string;
  created_at: string;
}

export async function insertAttempt(db: Kysely<Database>, attempt: NewAttempt): Promise<void> {
  await db.insertInto('ai_usage').values({ ...attempt, input_tokens: 0, output_tokens: 0, outcome: 'pending' }).execute();
}

export async function deleteAttempt(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('ai_usage').where('id', '=', id).execute();
}

export async function finishAttempt(
  db: Kysely<Database>,
  id: string,
  fields: { outcome: string; model?: string; input_tokens?: number; output_tokens?: number },
): Promise<void> {
  await db.updateTable('ai_usage').set(fields).where('id', '=', id).execute();
}

/** How many attempts the user made after `since`. */
export async function attemptsSince(db: Kysely<Database>, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('ai_usage')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The time of the user's `nth` oldest attempt after `since` (from 1), or null. */
export async function nthAttemptSince(db: Kysely<Database>, userId: string, since: string, nth: number): Promise<string | null> {
  const row = await db
    .selectFrom('ai_usage')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
