import type { Kysely } from 'kysely';
import type { Db, Engine } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import {
  addToTagCounts,
  addToTagTrends,
  addToTrendAuthors,
  bumpMessageReadVersion,
  countNewTagUses,
  dropEmptyTrendAuthors,
  leaveTrendingWindow,
  lockTagCounters,
  takeTagUseRemovals,
} from './queries.js';
import { tallyTagChanges, trendChanges, type TagUseChanges } from './tag-tally.js';

// The fold: brings the tag counters up to date with public_tag_uses (migration 026), off the
// request path. A post writes only its uses (stage 0); the fold counts them, takes off the uses
// deleted since (tag_use_removals) and moves the uses older than the trending window out of it,
// in batches, each batch one transaction under the counters' lock, so two instances never fold
// at once and every use is counted once. Run by the trending and search reads when this process
// has not folded for a few seconds (tags.ts), by the scheduler's every tick and housekeeping, and
// inside each purge batch (user-data.ts), so a deleted account leaves no author row behind.

/** Uses (and removals, and uses leaving the window) taken per transaction: a few milliseconds each. */
export const FOLD_BATCH = 1000;

export const TRENDING_WINDOW_MS = 24 * 3600_000;

/** One batch under the lock; answers how many uses it changed (0: nothing was left to fold). */
export async function foldTagBatch(trx: Kysely<Database>, engine: Engine, now: Date, limit = FOLD_BATCH): Promise<number> {
  await lockTagCounters(trx, engine);
  const edge = new Date(now.getTime() - TRENDING_WINDOW_MS).toISOString();
  // Removals first: a removed use is off the window by the stage it had, whatever the edge is now.
  const changes: TagUseChanges = {
    removed: await takeTagUseRemovals(trx, limit),
    left: await leaveTrendingWindow(trx, engine, edge, limit),
    counted: await countNewTagUses(trx, engine, edge, limit),
  };
  const tally = tallyTagChanges(changes);
  await addToTagCounts(trx, tally.counts);
  if (tally.authors.length > 0) {
    const after = await addToTrendAuthors(trx, tally.authors);
    await dropEmptyTrendAuthors(trx, [...new Set(tally.authors.map((a) => a.tag))]);
    await addToTagTrends(trx, trendChanges(tally.authors, after));
    await bumpMessageReadVersion(trx);
  }
  return changes.removed.length + changes.left.length + changes.counted.length;
}

/** Folds until nothing is left, in the caller's transaction (a purge batch). */
export async function foldTagsIn(trx: Kysely<Database>, engine: Engine, now: Date): Promise<number> {
  let total = 0;
  let n: number;
  do {
    n = await foldTagBatch(trx, engine, now);
    total += n;
  } while (n > 0);
  return total;
}

/** Folds until nothing is left, a transaction per batch; answers how many uses changed. */
export async function foldTags(db: Db, now: Date): Promise<number> {
  let total = 0;
  let n: number;
  do {
    n = await db.kysely.transaction().execute((trx) => foldTagBatch(trx, db.engine, now));
    total += n;
  } while (n > 0);
  return total;
}
