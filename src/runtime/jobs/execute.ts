import type { AppContext } from '../types.js';
import { inClaimed, lockDue } from '../../db/claim.js';
import type { JobRow } from '../../db/types.js';
import { retryDelayMs } from './backoff.js';
import type { JobOutcome } from '../types.js';

// Claiming and running jobs: the one path every driver takes (the in-process runner's kick and
// tick, the cron endpoint, tests). A claim is one statement through the claim helper, so two
// runners, in one process or in two, never hold the same job. A run writes its outcome only
// while it still owns the job (still running, same attempt), so a runner that comes back after
// its lease ended cannot overwrite the outcome of the runner that took the job over.

export interface RunCounts {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
}

export const emptyCounts = (): RunCounts => ({ claimed: 0, done: 0, retried: 0, failed: 0 });

/** How many claimed jobs one `runDueJobs` pass runs at once. */
const BATCH = 50;

/**
 * Whether any job is due: one indexed probe (jobs_due_idx) that reads at most one row and writes
 * nothing, so an idle instance can ask every few seconds for almost nothing.
 */
export async function hasDueJobs(ctx: AppContext): Promise<boolean> {
  const at = ctx.clock.now().toISOString();
  const row = await ctx.db.kysely
    .selectFrom('jobs')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', at)])]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims up to `limit` due jobs: queued ones whose run_at has come, and running ones whose lease
 * has ended (their runner died). Each claimed job becomes `running`, its attempt counted, leased
 * until now + the runner's lease.
 */
export async function claimDueJobs(ctx: AppContext, limit: number): Promise<JobRow[]> {
  // Only kinds this process can run (an instance of another version may enqueue others).
  const kinds = ctx.jobs.kinds();
  if (limit <= 0 || kinds.length === 0) return [];
  const { kysely: db, engine } = ctx.db;
  const now = ctx.clock.now();
  const at = now.toISOString();
  // Written once, applied to the select that picks (and on PostgreSQL locks) the ids and again
  // to the UPDATE, which re-checks it against the committed row.
  const isDue = (eb: any) =>
    eb.and([eb('kind', 'in', kinds), eb.or([eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', at)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', at)])])]);
  const ids = lockDue(engine, db.selectFrom('jobs').select('jobs.id').where(isDue).orderBy('run_at').limit(limit));
  return db
    .updateTable('jobs')
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_until: new Date(now.getTime() + ctx.jobs.leaseMs).toISOString(), updated_at: at }))
    .where(isDue)
    .where(inClaimed(engine, 'id', ids))
    .returningAll()
    .execute();
}

/**
 * Runs one claimed job's handler and records the outcome; never throws. When the job's attempts
 * are used up (its last attempt ended in a retry, or that attempt's runner died), the kind's
 * give-up hook runs first (see GiveUpHook).
 */
export async function runClaimedJob(ctx: AppContext, job: JobRow): Promise<JobOutcome['status']> {
  const registered = ctx.jobs.handler(job.kind);
  const info = { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.max_attempts };
  let outcome: JobOutcome;
  /** Why the runner gives the job up (its attempts used up), if it does. */
  let givenUp: string | null = null;
  if (job.attempts > job.max_attempts) {
    // Its last attempt's runner died (the lease ended): the attempts are used up.
    givenUp = `the runner of attempt ${job.max_attempts} stopped before it finished`;
    outcome = { status: 'failed', reason: givenUp };
  } else if (!registered) {
    // Unregistered since the claim (not in practice): leave it for a runner that knows the kind.
    outcome = { status: 'retry', reason: `no handler for job kind ${job.kind}` };
  } else {
    try {
      const payload = JSON.parse(job.payload) as unknown;
      outcome = (await registered.handler(ctx, payload as never, info)) ?? { status: 'done' };
    } catch (err) {
      outcome = { status: 'retry', reason: (err as Error)?.message ?? String(err) };
    }
  }
  if (outcome.status === 'retry' && job.attempts >= job.max_attempts) {
    givenUp = `gave up after ${job.attempts} attempts: ${outcome.reason}`;
    outcome = { status: 'failed', reason: givenUp };
  }
  if (givenUp !== null && registered?.onGiveUp) {
    try {
      // Only while the job is still this run's (a runner back after its lease ended is not).
      const mine = await ctx.db.kysely.selectFrom('jobs').select('id').where('id', '=', job.id).where('status', '=', 'running').where('attempts', '=', job.attempts).executeTakeFirst();
      if (mine) await registered.onGiveUp(ctx, JSON.parse(job.payload) as never, info, givenUp);
    } catch (err) {
      ctx.log.error({ err, jobId: job.id, kind: job.kind }, 'the give-up hook of a job failed');
    }
  }
  const now = ctx.clock.now();
  const fields =
    outcome.status === 'done' ? { status: 'done', last_error: null }
    : outcome.status === 'failed' ? { status: 'failed', last_error: outcome.reason }
    : {
        status: 'queued',
        last_error: outcome.reason,
        run_at: new Date(now.getTime() + retryDelayMs(job.attempts, ctx.jobs.backoff(job.kind), outcome.retryAfterMs)).toISOString(),
      };
  try {
    await ctx.db.kysely
      .updateTable('jobs')
      .set({ ...fields, locked_until: null, updated_at: now.toISOString() })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .where('attempts', '=', job.attempts)
      .execute();
  } catch (err) {
    // The lease ends and another runner takes the job again.
    ctx.log.error({ err, jobId: job.id, kind: job.kind }, 'recording a job outcome failed');
  }
  if (outcome.status === 'failed') ctx.log.warn({ jobId: job.id, kind: job.kind, reason: outcome.reason }, 'job failed');
  else if (outcome.status === 'retry') ctx.log.info({ jobId: job.id, kind: job.kind, attempt: job.attempts, reason: outcome.reason }, 'job will be retried');
  return outcome.status;
}

export function count(counts: RunCounts, status: JobOutcome['status']): void {
  if (status === 'done') counts.done += 1;
  else if (status === 'retry') counts.retried += 1;
  else counts.failed += 1;
}

/**
 * Runs due jobs until none is due or `limit` have run, a batch at a time, and answers what
 * became of them. What the cron endpoint and tests call; the in-process runner shares its parts.
 */
export async function runDueJobs(ctx: AppContext, options: { limit?: number } = {}): Promise<RunCounts> {
  const limit = options.limit ?? 500;
  const counts = emptyCounts();
  while (counts.claimed < limit) {
    const want = Math.min(BATCH, limit - counts.claimed);
    const jobs = await claimDueJobs(ctx, want);
    counts.claimed += jobs.length;
    for (const status of await Promise.all(jobs.map((job) => runClaimedJob(ctx, job)))) count(counts, status);
    if (jobs.length < want) break;
  }
  return counts;
}
