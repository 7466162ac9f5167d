import type { AppContext } from '../../runtime/context.js';
import { deferredBatches } from '../../runtime/deferred-batches.js';
import { writeOwedWords } from './queries/index.js';

// SQLite: the words of an import's rows go into the search's word index (list_rows_words) after
// the import, in batches (migration 037), not inside its transactions, where they were about a
// third of its statements' time. The import owes them as ranges of the rows' fts_rowid; a batch
// writes one range's rows (or ROW_WORDS_BATCH of them) in a transaction of its own, a turn of the
// event loop. Until then the search matches those rows on their text (search/queries.ts), so an
// imported row is found from the import's end on. An import that ends asks for a run; the app's
// start runs one for what a stopped process left (runtime/deferred-batches.ts).

/**
 * Rows a batch writes the words of. At load 12, 1,000 took 22 ms a batch (median) and 482 ms for
 * 20,000 rows; 500 took 11 ms and 672 ms (each commit writes an FTS5 segment).
 */
export const ROW_WORDS_BATCH = 1000;

export const rowWordsState = deferredBatches('lists.row-words', {
  batch: (ctx) => writeOwedWords(ctx.db.kysely, ROW_WORDS_BATCH),
  failure: 'writing imported list rows to the search index failed',
});

export const rowWords = (ctx: AppContext) => ctx.state(rowWordsState);
