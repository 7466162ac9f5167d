import type { AppContext } from '../../runtime/context.js';
import { VersionedLru } from '../../lib/versioned-lru.js';
import { AppState } from '../../runtime/state.js';

// Pull answers (GET /api/documents/sync) kept as the bytes sent, per user, committed sync stamp
// and cursor.
//
// Why: a pull of a thousand changes reads a megabyte of documents and serialises and encodes it,
// 60-100 ms of one core; clients pulling from the same cursor (a user's devices, a retried pull)
// would each pay that again for the same answer. Every write of a user's documents or folders
// takes a new sync stamp in its transaction (queries/documents.ts nextStamp; the trash purge
// too), and a pull reads the committed stamp first: once a write has committed no pull, in this
// or any other instance, builds the key of an older answer, so an entry is never served stale
// and needs no invalidation. A user's entries of an older stamp are dropped when a newer one is
// stored. Pulls of a user with shared documents are never kept (each takes a stamp of its own).

const ANSWER_BYTES = 64 * 1024 * 1024;

export const syncAnswers = new AppState('documents.sync-answers', () => new VersionedLru<Buffer>(ANSWER_BYTES, (answer) => answer.length));

export const syncAnswersOf = (ctx: AppContext): VersionedLru<Buffer> => ctx.state(syncAnswers);
