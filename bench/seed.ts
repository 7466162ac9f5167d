import { openDatabase } from '../src/db/connection.js';
import { parseDatabaseUrl } from '../src/config.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { hashToken, PasswordHasher } from '../src/lib/crypto.js';
import { newId } from '../src/lib/ids.js';

export const BENCH_PASSWORD = 'bench-password-123';

/** A `users` row for seeding: an active, verified, public free account; `fields` override. */
export function seededUser(username: string, now: string, fields: Record<string, unknown> = {}) {
  return {
    id: newId(),
    email: `${username}@example.com`,
    username,
    username_key: username.toLowerCase(),
    display_name: username,
    avatar: null,
    bio: null,
    theme: null,
    password_hash: null as string | null,
    email_verified: true,
    account_status: 'active',
    customer_status: 'free',
    cleared: true,
    is_private: false,
    default_publicly_visible: true,
    max_message_length: 666,
    viewing_preference: 'all',
    spam_score: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

export interface Seeded {
  email: string;
  sessionToken: string;
  syncToken: string;
  /** A sync token of bench3, a subscriber with nothing seeded: the CLI's first pull fills it. */
  cliSyncToken: string;
}

/** Seeds `users` accounts (one password hash, made once with production parameters) and credentials for one. */
export async function seed(databaseUrl: string, users: number): Promise<Seeded> {
  const db = openDatabase(parseDatabaseUrl(databaseUrl));
  await migrateToLatest(db);
  const hash = await new PasswordHasher().hash(BENCH_PASSWORD);
  const now = new Date().toISOString();
  const ids: string[] = [];
  for (let start = 0; start < users; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(users, start + 500); i++) {
      const row = seededUser(`bench${i}`, now, {
        display_name: `Bench User ${i}`,
        password_hash: hash,
        customer_status: i % 3 === 0 ? 'subscriber' : 'free',
      });
      ids.push(row.id);
      rows.push(row);
    }
    await db.kysely.insertInto('users').values(rows).execute();
  }
  // Many live sessions and sync tokens, so the credential lookups run against a realistic index.
  const sessionToken = 'a'.repeat(63) + '1';
  const syncToken = 'b'.repeat(63) + '2';
  const cliSyncToken = 'c'.repeat(63) + '3';
  const later = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
  const sessions = ids.map((userId, i) => ({
    id: newId(),
    user_id: userId,
    token_hash: i === 0 ? hashToken(sessionToken) : hashToken(`session-${i}`),
    created_at: now,
    expires_at: later,
    last_used_at: now,
    user_agent: null,
  }));
  const tokens = ids.map((userId, i) => ({
    id: newId(),
    user_id: userId,
    token_hash: i === 0 ? hashToken(syncToken) : i === 3 ? hashToken(cliSyncToken) : hashToken(`sync-${i}`),
    created_at: now,
    last_used_at: now,
  }));
  for (let i = 0; i < ids.length; i += 500) {
    await db.kysely.insertInto('sessions').values(sessions.slice(i, i + 500)).execute();
    await db.kysely.insertInto('sync_tokens').values(tokens.slice(i, i + 500)).execute();
  }
  await db.close();
  return { email: 'bench0@example.com', sessionToken, syncToken, cliSyncToken };
}
