import type { Kysely } from 'kysely';
import type { Engine } from '../connection.js';

// What issue 21's codehost-backed lists lacked (features/lists/codehost-sync.ts):
// - lists.sync_truncated: the last good sync stopped at the listing's page bound (MAX_PAGES of
//   the code host's largest page), so items beyond it are not rows; shown as `syncTruncated`.
// - lists.sync_claimed_until: a sync's claim on the list, so that syncs of one list run one at a
//   time across every instance on the database (a compare-and-swap; a claim past its time is free).
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  await db.schema
    .alterTable('lists')
    .addColumn('sync_truncated', bool, (c) => c.notNull().defaultTo(engine === 'postgres' ? false : 0))
    .execute();
  await db.schema.alterTable('lists').addColumn('sync_claimed_until', 'text').execute();
}
