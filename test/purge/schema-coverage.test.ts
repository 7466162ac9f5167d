import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../helpers/app.js';

// Every table column that names a user (a foreign key to users, or a column named like one) must
// be handled by a part of a user's data (its `covers`), or be listed here as kept on purpose,
// with the reason. A new feature that stores a user's data and forgets its part fails this test.

const KEPT: Record<string, string> = {
  'analytics_events.user_id': 'analytics are untouched by purge and deletion (spec)',
  'user_removals.user_id': 'the audit record of purges and deletions outlives the account',
  'user_removals.admin_id': 'the audit record names the administrator who acted',
};

/** Column names that hold a user id, whether or not a foreign key says so. */
const USER_COLUMN = /^(user_id|owner_id|sender_id|recipient_id|follower_id|followee_id|requester_id|target_id|blocker_id|blocked_id|muter_id|muted_id|reporter_id|reported_id|actor_id|editor_id|author_id|admin_id|creator_id|resolved_by|created_by|invited_by)$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(async () => t.close());

async function foreignKeysToUsers(): Promise<string[]> {
  const db = t.db.kysely;
  if (ENGINE === 'sqlite') {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    const out: string[] = [];
    for (const { name } of tables.rows) {
      const fks = await sql<{ table: string; from: string }>`select * from pragma_foreign_key_list(${name})`.execute(db);
      for (const fk of fks.rows) if (fk.table === 'users') out.push(`${name}.${fk.from}`);
    }
    return out;
  }
  const rows = await sql<{ col: string }>`
    select kcu.table_name || '.' || kcu.column_name as col
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and tc.table_schema = current_schema()`.execute(db);
  return rows.rows.map((r) => r.col);
}

async function userColumns(): Promise<string[]> {
  const tables = await t.db.kysely.introspection.getTables();
  const named = tables
    .filter((table) => table.schema === undefined || table.schema === 'public')
    .flatMap((table) => table.columns.filter((c) => USER_COLUMN.test(c.name)).map((c) => `${table.name}.${c.name}`));
  return [...new Set([...named, ...(await foreignKeysToUsers())])].sort();
}

describe('schema coverage of purge and account deletion', () => {
  it('finds the user columns of the schema (the introspection works on this engine)', async () => {
    const columns = await userColumns();
    for (const known of ['messages.user_id', 'follows.followee_id', 'uploads.owner_id', 'sessions.user_id', 'direct_messages.recipient_id']) expect(columns).toContain(known);
  });

  it('every column that names a user is handled by a part of a user’s data, or kept on purpose', async () => {
    const covered = new Set(t.app.ctx.userData.flatMap((p) => p.covers));
    const missing = (await userColumns()).filter((c) => !covered.has(c) && !(c in KEPT));
    expect(missing, 'add these to a feature’s user-data part (covers), or to KEPT with a reason').toEqual([]);
  });

  it('every covered column exists (a part does not name a table or column that is gone)', async () => {
    const columns = new Set((await t.db.kysely.introspection.getTables()).flatMap((table) => table.columns.map((c) => `${table.name}.${c.name}`)));
    for (const column of t.app.ctx.userData.flatMap((p) => p.covers)) expect(columns.has(column), column).toBe(true);
  });

  it('every part has a unique key, and the purge categories cover the spec’s counts', () => {
    const keys = t.app.ctx.userData.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    const counted = t.app.ctx.userData.filter((p) => p.category !== undefined).map((p) => p.key);
    for (const key of ['messages', 'directMessages', 'documents', 'folders', 'lists', 'listFolders']) expect(counted).toContain(key);
  });
});
