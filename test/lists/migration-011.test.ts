import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { blankDatabase } from '../helpers/app.js';

// Migration 011 gives an unfinished CSV import's input (the file, then the plan of its writes) a
// table of its own. Inputs kept before it move there: from the second `<id>:data` import row of
// 67a32b8 (which goes), and from the import row itself (imports queued before that).

const NOW = '2026-01-01T00:00:00.000Z';
const USER = '00000000-0000-7000-8000-000000000001';
const LIST = '00000000-0000-7000-8000-000000000002';
const WRITING = '00000000-0000-7000-8000-000000000003';
const QUEUED_OLD = '00000000-0000-7000-8000-000000000004';
const DONE = '00000000-0000-7000-8000-000000000005';

const importRow = (id: string, status: string, content: string | null) => ({
  id,
  list_id: LIST,
  user_id: USER,
  status,
  options: JSON.stringify({ dryRun: false, mode: 'all-or-nothing', upsertKey: null }),
  content,
  dry_run: false,
  total: 0,
  processed: 0,
  inserted: 0,
  updated: 0,
  skipped: 0,
  errors: '[]',
  created_at: NOW,
  updated_at: NOW,
});

/** Imports as 010 left them: one writing (its plan in a data row), one queued with the file on its row, one done. */
async function seedOldForm(k: Kysely<any>): Promise<void> {
  await k.insertInto('users').values({ id: USER, email: 'old@example.com', username: 'old', username_key: 'old', display_name: 'Old', created_at: NOW, updated_at: NOW }).execute();
  await k
    .insertInto('lists')
    .values({ id: LIST, user_id: USER, title: 'Books', description: null, is_public: false, folder_id: null, schema_name: 'Books', schema_description: null, created_at: NOW, updated_at: NOW })
    .execute();
  await k
    .insertInto('list_imports')
    .values([importRow(WRITING, 'writing', null), importRow(`${WRITING}:data`, 'data', '[[2,"r1",1,"{}",[],null]]'), importRow(QUEUED_OLD, 'queued', 'title\nA\n'), importRow(DONE, 'done', null)])
    .execute();
}

let target: { db: Db; drop(): Promise<void> };
beforeAll(async () => {
  target = await blankDatabase();
  await migrateToLatest(target.db, { afterMigrationBody: async (name, k) => (name === '010_message_versions' ? seedOldForm(k) : undefined) });
});
afterAll(async () => target?.drop());

describe('migration 011 (list_import_data)', () => {
  it('moves every kept input to list_import_data and drops the data rows', async () => {
    const db = target.db.kysely;
    expect(await db.selectFrom('list_import_data').selectAll().orderBy('import_id').execute()).toEqual([
      { import_id: WRITING, content: '[[2,"r1",1,"{}",[],null]]' },
      { import_id: QUEUED_OLD, content: 'title\nA\n' },
    ]);
    expect(await db.selectFrom('list_imports').select(['id', 'status', 'content']).orderBy('id').execute()).toEqual([
      { id: WRITING, status: 'writing', content: null },
      { id: QUEUED_OLD, status: 'queued', content: null },
      { id: DONE, status: 'done', content: null },
    ]);
  });

  it('an input goes with its import', async () => {
    const db = target.db.kysely;
    await db.deleteFrom('lists').where('id', '=', LIST).execute();
    expect(await db.selectFrom('list_import_data').selectAll().execute()).toEqual([]);
  });
});
