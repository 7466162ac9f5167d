import type { Kysely } from 'kysely';
import type { AppContext } from './types.js';
import type { Database } from '../db/types.js';
import { hashToken, newToken } from '../lib/crypto.js';
import { newId } from '../lib/ids.js';

// Single-use, expiring tokens carried by e-mail links (verification, password reset, e-mail
// change): issued by the features that send such links, redeemed by auth. Only their hashes are
// stored.

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'email_change';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 48 * 3600_000,
  reset_password: 3600_000,
  email_change: 24 * 3600_000,
};

/** Issues a new token; earlier unused tokens of the same purpose for the user stop working. */
export async function issueEmailToken(
  ctx: AppContext,
  userId: string,
  purpose: EmailTokenPurpose,
  newEmail: string | null = null,
): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('email_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await trx
      .insertInto('email_tokens')
      .values({
        id: newId(),
        user_id: userId,
        purpose,
        token_hash: hashToken(token),
        new_email: newEmail,
        expires_at: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return token;
}

/**
 * Marks a token used and returns it, inside the caller's transaction; undefined for a token that
 * is unknown, used, expired or of another purpose alike (the caller answers them all the same,
 * so nothing is learnt by probing).
 */
export async function consumeEmailToken(
  ctx: AppContext,
  trx: Kysely<Database>,
  token: string,
  purpose: EmailTokenPurpose,
) {
  const now = ctx.clock.now().toISOString();
  const row = await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  return row;
}

/** Whether a token would be accepted now, without using it (to skip costly work for bad tokens). */
export async function isEmailTokenUsable(ctx: AppContext, token: string, purpose: EmailTokenPurpose): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db.kysely
    .selectFrom('email_tokens')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

