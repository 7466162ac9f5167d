import { randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/types.js';
import { AppError } from '../../http/errors.js';
import { USERNAME_MAX } from '../../http/schemas.js';
import type { AppContext } from '../../runtime/types.js';
import { createUser, findTakenField, findUserByEmail } from '../users/service.js';
import type { ProviderAccount } from './providers/types.js';

// A new account for someone who signs in with a provider account linked to no one: its username
// from the provider's handle, made valid and unique; its e-mail the provider's when the provider
// says it is verified and no account uses it. Without one the account holds a reserved address
// (the `.invalid` top-level domain, RFC 2606: never delivered, never anyone's) until the user sets one.

export const NO_EMAIL_DOMAIN = 'no-email.invalid';

/** `@ada@social.example` → `ada`, `ada.bsky.social` → `ada`; letters, digits and `_` only, 3 to 30 characters. */
export function usernameBase(handle: string): string {
  const local = handle.replace(/^@/, '').split('@')[0].split('.')[0];
  let base = local.normalize('NFKD').replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (base.length < 3) base = `${base}${base ? '_' : ''}user`.slice(0, USERNAME_MAX);
  return base.slice(0, USERNAME_MAX - 5);
}

async function uniqueUsername(ctx: AppContext, handle: string): Promise<string> {
  const base = usernameBase(handle);
  const placeholder = `${randomBytes(8).toString('hex')}@${NO_EMAIL_DOMAIN}`;
  for (let n = 1; n <= 20; n += 1) {
    const candidate = n === 1 ? base : `${base}_${n}`;
    if ((await findTakenField(ctx.db.kysely, placeholder, candidate)) === null) return candidate;
  }
  return `${base}_${randomBytes(2).toString('hex')}`;
}

export async function createAccountFor(ctx: AppContext, account: ProviderAccount): Promise<UserRow> {
  const email = account.email && account.emailVerified && !(await findUserByEmail(ctx.db.kysely, account.email)) ? account.email : null;
  for (let attempt = 0; ; attempt += 1) {
    const username = await uniqueUsername(ctx, account.handle);
    try {
      return await createUser(
        ctx,
        {
          email: email ?? `${randomBytes(12).toString('hex')}@${NO_EMAIL_DOMAIN}`,
          username,
          passwordHash: null,
          displayName: account.handle.replace(/^@/, '').slice(0, 100),
          emailVerified: email !== null,
          accountStatus: 'probation',
        },
        409,
      );
    } catch (err) {
      // Taken between the check and the insert: another name.
      if (attempt < 3 && err instanceof AppError && err.code === 'username_taken') continue;
      throw err;
    }
  }
}
