import type { Kysely } from 'kysely';
import type { AppContext } from '../types.js';
import type { Database } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import type { JobKind, JobPayloads } from '../types.js';

// Adding jobs. `enqueueJob` writes the row with whatever it is given, the database or an open
// transaction, so a job commits (or not) with the write that caused it; `submitJob` is for
// callers outside a transaction: it enqueues and kicks this process's runner at once.

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  /** When the job becomes due (default now). */
  runAt?: Date;
  /** Runs in all, the first included (default 5). */
  maxAttempts?: number;
}

export interface JobSpec<K extends JobKind = JobKind> {
  kind: K;
  payload: JobPayloads[K];
  options?: EnqueueOptions;
}

/** Inserts queued jobs in one statement; returns their ids. `now` is the caller's clock time. */
export async function enqueueJobs(db: Kysely<Database>, now: Date, jobs: JobSpec[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  const at = now.toISOString();
  const rows = jobs.map((j) => ({
    id: newId(),
    kind: j.kind,
    payload: JSON.stringify(j.payload),
    status: 'queued',
    run_at: (j.options?.runAt ?? now).toISOString(),
    attempts: 0,
    max_attempts: Math.max(1, j.options?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
    locked_until: null,
    last_error: null,
    created_at: at,
    updated_at: at,
  }));
  await db.insertInto('jobs').values(rows).execute();
  return rows.map((r) => r.id);
}

/** Inserts one queued job (in `db`, which may be a transaction); returns its id. */
export async function enqueueJob<K extends JobKind>(db: Kysely<Database>, now: Date, kind: K, payload: JobPayloads[K], options: EnqueueOptions = {}): Promise<string> {
  const [id] = await enqueueJobs(db, now, [{ kind, payload, options } as JobSpec]);
  return id;
}

/**
 * Enqueues outside any transaction and asks this process's runner to run what is due, in the
 * background: the caller neither waits for the job nor can be failed by it.
 */
export async function submitJobs(ctx: AppContext, jobs: JobSpec[]): Promise<string[]> {
  const ids = await enqueueJobs(ctx.db.kysely, ctx.clock.now(), jobs);
  if (ids.length > 0) ctx.jobs.kick();
  return ids;
}

export async function submitJob<K extends JobKind>(ctx: AppContext, kind: K, payload: JobPayloads[K], options: EnqueueOptions = {}): Promise<string> {
  const [id] = await submitJobs(ctx, [{ kind, payload, options } as JobSpec]);
  return id;
}
