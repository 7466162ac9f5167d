import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { parseJson } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { enqueueJob } from '../../runtime/jobs/enqueue.js';
import type { PurgeCategory, UserDataPart } from '../../runtime/module.js';
import { newId } from '../../lib/ids.js';
import { announceEvents } from '../events/index.js';
import { deleteUserRow, findRemoval, insertRemoval, markRemovalDone, removalCounts, setRemovalCounts } from './queries.js';

// One removal of a user's data: a content purge (some categories) or an account deletion
// (every part, then the user's row). It runs as a job (`user-removal`) that goes through the
// modules' parts (ctx.userData, in their order), a batch of at most batchSize() rows per short
// transaction, the event loop given a turn between batches so other requests are served. Each
// batch adds what it removed to the removal's row in the same transaction, so a removal whose
// process died resumes (the job's lease ends, another runner takes it) with counts that are
// exactly what was removed. Blobs are deleted after the batch that released them commits.

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** A content purge or an account deletion; its user_removals row holds what and how far. */
    'user-removal': { removalId: string };
  }
}

/**
 * Rows per transaction. On SQLite a batch runs synchronously, holding the event loop and the
 * writer while it runs; measured at 100,000 messages (bench/purge.ts), 500 rows a batch purged
 * in 23 s with a reader's p99 at 0.5 s, 200 rows in 59 s with its p99 at 0.7 s, when the cold feed
 * each batch leaves (it empties the message read cache) cost 250 ms. Since migration 027 that
 * read costs a millisecond, and 500 rows a batch purged in 7 s with a reader's p99 at 0.2 s:
 * the batches themselves are what the reader waits for. PostgreSQL's readers never wait on a
 * writer; larger batches save round trips there.
 */
export function batchSize(engine: 'sqlite' | 'postgres'): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a tuning figure (bench/purge.ts); the tests size their data by it and no rule depends on its value
  return engine === 'sqlite' ? 500 : 1000;
}

export type RemovalKind = 'purge' | 'delete';

export interface RemovalRow {
  id: string;
  kind: RemovalKind;
  userId: string;
  adminId: string | null;
  categories: PurgeCategory[];
  reason: string | null;
  counts: Record<string, number>;
  status: 'running' | 'done';
  createdAt: string;
  finishedAt: string | null;
}

/** The parts a removal runs: those of the chosen categories, or every part for a deletion. */
export function partsOf(ctx: AppContext, kind: RemovalKind, categories: readonly PurgeCategory[]): UserDataPart[] {
  return ctx.userData.filter((p) => kind === 'delete' || categories.some((c) => c === p.category));
}

/** How many items of each part the user holds (a dry run; the planned counts of a removal). */
export async function countParts(ctx: AppContext, parts: readonly UserDataPart[], userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const part of parts) counts[part.key] = await part.count(ctx, userId);
  return counts;
}

/**
 * Records a removal and enqueues its job inside `trx` (they commit with the caller's other
 * writes, e.g. ending the credentials). The caller kicks the runner once `trx` has committed.
 */
export async function beginRemoval(
  ctx: AppContext,
  trx: Kysely<Database>,
  input: { kind: RemovalKind; userId: string; adminId: string | null; categories: readonly PurgeCategory[]; reason?: string | null },
): Promise<string> {
  const id = newId();
  const now = ctx.clock.now();
  await insertRemoval(trx, {
    id,
    kind: input.kind,
    user_id: input.userId,
    admin_id: input.adminId,
    categories: JSON.stringify(input.categories),
    reason: input.reason ?? null,
    counts: '{}',
    status: 'running',
    created_at: now.toISOString(),
    finished_at: null,
  });
  // Many attempts: a removal must end; each attempt resumes where the last one stopped.
  await enqueueJob(trx, now, 'user-removal', { removalId: id }, { maxAttempts: 20 });
  return id;
}

export async function readRemoval(db: Kysely<Database>, id: string): Promise<RemovalRow | undefined> {
  const r = await findRemoval(db, id);
  if (!r) return undefined;
  return {
    id: r.id,
    kind: r.kind as RemovalKind,
    userId: r.user_id,
    adminId: r.admin_id,
    // Stryker disable next-line ArrayDeclaration: the row holds the JSON array beginRemoval wrote; the fallback is never reached
    categories: parseJson<PurgeCategory[]>(r.categories) ?? [],
    reason: r.reason,
    counts: parseJson<Record<string, number>>(r.counts) ?? {},
    status: r.status as RemovalRow['status'],
    createdAt: r.created_at,
    finishedAt: r.finished_at,
  };
}

async function addCount(trx: Kysely<Database>, id: string, key: string, n: number): Promise<void> {
  const counts = parseJson<Record<string, number>>(await removalCounts(trx, id)) ?? {};
  counts[key] = (counts[key] ?? 0) + n;
  await setRemovalCounts(trx, id, JSON.stringify(counts));
}

async function deleteBlobs(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.blobs.delete(key);
    } catch (err) {
      // The row is gone; the blob is left behind, logged with its key for a manual sweep.
      ctx.log.error({ err, key }, 'could not delete a blob of a removed item');
    }
  }
}

export interface RunOptions {
  /** Stop after this many batches, as a process that dies mid-way would (tests). */
  maxBatches?: number;
}

/**
 * Runs (or resumes) a removal to its end; answers false when stopped by `maxBatches`. Harmless to
 * run twice: every batch re-reads what is left, and a finished removal does nothing.
 */
export async function runRemoval(ctx: AppContext, id: string, options: RunOptions = {}): Promise<boolean> {
  const db = ctx.db.kysely;
  const removal = await readRemoval(db, id);
  if (!removal || removal.status === 'done') return true;
  let batches = 0;
  const limit = batchSize(ctx.db.engine);
  for (const part of partsOf(ctx, removal.kind, removal.categories)) {
    for (;;) {
      if (batches >= (options.maxBatches ?? Infinity)) return false;
      batches += 1;
      const batch = await db.transaction().execute(async (trx) => {
        const result = await part.removeBatch(ctx, trx, removal.userId, limit);
        if (result.removed > 0) await addCount(trx, id, part.key, result.removed);
        return result;
      });
      await deleteBlobs(ctx, batch.blobKeys);
      if (batch.streams && batch.streams.length > 0) {
        // Its tombstones (reason "purged") reach the streams at once, and the timelines' fan-out job runs.
        announceEvents(ctx, batch.streams);
        ctx.jobs.kick();
      }
      if (batch.removed === 0 && !batch.partial) break;
      if (batch.waitMs) await new Promise((resolve) => setTimeout(resolve, batch.waitMs));
      else await nextTurn();
    }
  }
  await db.transaction().execute(async (trx) => {
    // What is left of an account goes with its row (foreign keys): document tombstones, the sync state.
    if (removal.kind === 'delete') await deleteUserRow(trx, removal.userId);
    await markRemovalDone(trx, id, ctx.clock.now().toISOString());
  });
  return true;
}

const POLL_MS = 20;

/**
 * Waits until the removals are done, or REMOVAL_WAIT_MS (25 s) has passed: a request answers once
 * its purge or deletion has finished, which for ordinary accounts is well within a second; a very
 * large one goes on as a job after the answer (and the audit row gets its final counts).
 */
export async function awaitRemovals(ctx: AppContext, ids: readonly string[]): Promise<Map<string, RemovalRow>> {
  const deadline = Date.now() + ctx.config.removalWaitMs;
  for (;;) {
    const rows = await Promise.all(ids.map((id) => readRemoval(ctx.db.kysely, id)));
    // Stryker disable next-line MethodExpression,ConditionalExpression: the ids are of removals just begun, which exist
    const all = new Map(rows.filter((r): r is RemovalRow => r !== undefined).map((r) => [r.id, r]));
    // Stryker disable next-line EqualityOperator: > or >= the deadline differ by one millisecond
    if ([...all.values()].every((r) => r.status === 'done') || Date.now() >= deadline) return all;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
