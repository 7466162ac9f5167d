import type { TestApp } from '../helpers/app.js';
import { uniqueName } from '../helpers/app.js';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../src/http/auth.js';
import { createUser } from '../../src/features/users/service.js';
import { hashToken, newToken } from '../../src/lib/crypto.js';
import { newId } from '../../src/lib/ids.js';
import type { UserRow } from '../../src/db/types.js';

export interface SignedIn {
  user: UserRow;
  /** A Cookie header value carrying a live session. */
  cookie: string;
  /** An Authorization header value carrying a live sync token. */
  bearer: string;
}

/**
 * A user with a session and a sync token, made directly in the database so these tests depend
 * only on the endpoints they exercise. Credentials are stored hashed, as the auth layer expects.
 */
export async function signedInUser(t: TestApp): Promise<SignedIn> {
  const username = uniqueName('u');
  const user = await createUser(
    t.app.ctx,
    { email: `${username}@example.com`, username, passwordHash: null, displayName: `Display ${username}` },
    400,
  );
  const now = t.clock.now();
  const session = newToken();
  const sync = newToken();
  await t.db.kysely
    .insertInto('sessions')
    .values({
      id: newId(),
      user_id: user.id,
      token_hash: hashToken(session),
      created_at: now.toISOString(),
      // Far enough ahead that tests moving the clock by a day keep the session.
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      last_used_at: now.toISOString(),
      user_agent: null,
    })
    .execute();
  await t.db.kysely
    .insertInto('sync_tokens')
    .values({ id: newId(), user_id: user.id, token_hash: hashToken(sync), created_at: now.toISOString(), last_used_at: null })
    .execute();
  return { user, cookie: `${SESSION_COOKIE}=${session}`, bearer: `Bearer ${sync}` };
}

export async function userRow(t: TestApp, id: string): Promise<UserRow> {
  return t.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
