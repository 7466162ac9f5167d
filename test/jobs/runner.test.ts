import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob, enqueueJobs, submitJob } from '../../src/runtime/jobs/enqueue.js';
import { claimDueJobs, runClaimedJob, runDueJobs } from '../../src/runtime/jobs/execute.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { clearJobs, jobRow, registerTestJob, yieldTurn, type Recorder } from './support.js';
import { startedEarly } from '../../src/lib/promises.js';

// The job runner on a real database: atomic claims under races, backoff with bounded attempts on
// the test's clock, leases that let another runner take a dead runner's job, the in-process kick
// and a clean stop.

let t: TestApp;
let rec: Recorder;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
  rec = registerTestJob(t);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.ctx.jobs.idle();
  await clearJobs(t);
  rec.runs.clear();
  rec.answer = async () => undefined;
  rec.givenUp = [];
});

const now = () => t.clock.now();
const enqueue = (key: string, options: { runAt?: Date; maxAttempts?: number } = {}) => enqueueJob(t.db.kysely, now(), 'test-job', { key }, options);

describe('claims', () => {
  it('two runDueJobs racing over the same due jobs run each job once', async () => {
    const keys = Array.from({ length: 120 }, (_, i) => `race-${i}`);
    await enqueueJobs(t.db.kysely, now(), keys.map((key) => ({ kind: 'test-job' as const, payload: { key } })));
    rec.answer = async () => {
      await yieldTurn();
    };
    const [a, b, c] = await Promise.all([runDueJobs(t.app.ctx), runDueJobs(t.app.ctx), runDueJobs(t.app.ctx, { limit: 30 })]);
    expect(a.claimed + b.claimed + c.claimed).toBe(120);
    expect(a.done + b.done + c.done).toBe(120);
    expect(c.claimed).toBeLessThanOrEqual(30);
    expect([...rec.runs.keys()].sort()).toEqual([...keys].sort());
    for (const runs of rec.runs.values()) expect(runs).toEqual([1]);
    const rows = await t.db.kysely.selectFrom('jobs').select(['status', 'attempts', 'locked_until']).execute();
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1 && r.locked_until === null)).toBe(true);
    // Nothing left to claim.
    expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
  });

  it('two claims at once never hand out the same job', async () => {
    await enqueueJobs(t.db.kysely, now(), Array.from({ length: 40 }, (_, i) => ({ kind: 'test-job' as const, payload: { key: `c${i}` } })));
    const [a, b] = await Promise.all([claimDueJobs(t.app.ctx, 25), claimDueJobs(t.app.ctx, 25)]);
    const ids = [...a, ...b].map((j) => j.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    expect([...a, ...b].every((j) => j.status === 'running' && j.attempts === 1)).toBe(true);
  });

  it('a job is not due before its run_at; kinds without a handler here are left alone', async () => {
    const later = await enqueue('later', { runAt: new Date(now().getTime() + 60_000) });
    await t.db.kysely
      .insertInto('jobs')
      .values({ id: 'foreign-kind-1', kind: 'someone-elses', payload: '{}', status: 'queued', run_at: now().toISOString(), attempts: 0, max_attempts: 3, locked_until: null, last_error: null, created_at: now().toISOString(), updated_at: now().toISOString() })
      .execute();
    expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
    t.clock.advance(60_000);
    expect(await runDueJobs(t.app.ctx)).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
    expect((await jobRow(t, later)).status).toBe('done');
    expect(await jobRow(t, 'foreign-kind-1')).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

describe('retries', () => {
  it('a thrown error is retried with exponential backoff, a bounded number of times, then failed with the last error', async () => {
    rec.answer = async (_key, attempt) => {
      throw new Error(`boom ${attempt}`);
    };
    const id = await enqueue('flaky', { maxAttempts: 4 });
    expect(await runDueJobs(t.app.ctx)).toEqual({ claimed: 1, done: 0, retried: 1, failed: 0 });
    // Backoff 1 s, 2 s, 4 s (the test kind's base is 1 s).
    for (const [attempt, delay] of [[2, 1000], [3, 2000], [4, 4000]] as const) {
      const row = await jobRow(t, id);
      expect(row).toMatchObject({ status: 'queued', attempts: attempt - 1, last_error: `boom ${attempt - 1}`, locked_until: null });
      expect(row.run_at).toBe(new Date(now().getTime() + delay).toISOString());
      t.clock.advance(delay - 1);
      expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
      t.clock.advance(1);
      expect((await runDueJobs(t.app.ctx)).claimed).toBe(1);
    }
    expect(await jobRow(t, id)).toMatchObject({ status: 'failed', attempts: 4, last_error: 'gave up after 4 attempts: boom 4', locked_until: null });
    expect(rec.runs.get('flaky')).toEqual([1, 2, 3, 4]);
    // The give-up hook ran once, after the last attempt (not after the retried ones).
    expect(rec.givenUp).toEqual([{ key: 'flaky', attempt: 4, reason: 'gave up after 4 attempts: boom 4' }]);
    t.clock.advance(3600_000);
    expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
  });

  it('a retry outcome with retryAfterMs waits at least that long; the backoff is capped', async () => {
    rec.answer = async (_key, attempt) => ({ status: 'retry', reason: 'busy', ...(attempt === 1 ? { retryAfterMs: 30_000 } : {}) });
    const id = await enqueue('polite', { maxAttempts: 20 });
    await runDueJobs(t.app.ctx);
    expect((await jobRow(t, id)).run_at).toBe(new Date(now().getTime() + 30_000).toISOString());
    // Attempts 2 to 9: doubling from 1 s, never past the kind's 60 s cap.
    for (let attempt = 2; attempt <= 9; attempt++) {
      t.clock.set((await jobRow(t, id)).run_at);
      expect((await runDueJobs(t.app.ctx)).retried).toBe(1);
      const delay = Date.parse((await jobRow(t, id)).run_at) - now().getTime();
      expect(delay).toBe(Math.min(60_000, 1000 * 2 ** (attempt - 1)));
    }
  });

  it('a failed outcome ends the job at once; done and void outcomes finish it', async () => {
    rec.answer = async (key) => (key === 'bad' ? { status: 'failed', reason: 'not deliverable' } : key === 'ok' ? { status: 'done' } : undefined);
    const [bad, ok, quiet] = [await enqueue('bad'), await enqueue('ok'), await enqueue('quiet')];
    expect(await runDueJobs(t.app.ctx)).toEqual({ claimed: 3, done: 2, retried: 0, failed: 1 });
    expect(await jobRow(t, bad)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'not deliverable' });
    expect(await jobRow(t, ok)).toMatchObject({ status: 'done', last_error: null });
    expect((await jobRow(t, quiet)).status).toBe('done');
  });
});

describe('leases', () => {
  it('a job whose runner died is taken again when its lease ends; the late runner cannot overwrite the outcome', async () => {
    const id = await enqueue('orphan');
    // A runner claims it and dies (never runs it).
    const [dead] = await claimDueJobs(t.app.ctx, 10);
    expect(dead).toMatchObject({ id, status: 'running', attempts: 1 });
    expect(dead.locked_until).toBe(new Date(now().getTime() + t.app.ctx.jobs.leaseMs).toISOString());
    t.clock.advance(t.app.ctx.jobs.leaseMs - 1);
    expect((await runDueJobs(t.app.ctx)).claimed).toBe(0);
    t.clock.advance(1);
    // Another runner takes it; the job fails this time and is rescheduled.
    rec.answer = async () => ({ status: 'retry', reason: 'second runner' });
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 1, retried: 1 });
    expect(rec.runs.get('orphan')).toEqual([2]);
    expect(await jobRow(t, id)).toMatchObject({ status: 'queued', attempts: 2, last_error: 'second runner' });
    // The first runner comes back and finishes its stale claim: nothing changes.
    rec.answer = async () => undefined;
    await runClaimedJob(t.app.ctx, dead);
    expect(await jobRow(t, id)).toMatchObject({ status: 'queued', attempts: 2, last_error: 'second runner' });
  });

  it('a job whose last attempt\'s runner died is failed, not run again', async () => {
    const id = await enqueue('last', { maxAttempts: 1 });
    await claimDueJobs(t.app.ctx, 10);
    t.clock.advance(t.app.ctx.jobs.leaseMs);
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 1, failed: 1 });
    expect(rec.runs.get('last')).toBeUndefined();
    expect(await jobRow(t, id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'the runner of attempt 1 stopped before it finished' });
    // The kind learns its job was given up, through its hook.
    expect(rec.givenUp).toEqual([{ key: 'last', attempt: 2, reason: 'the runner of attempt 1 stopped before it finished' }]);
  });

  it('the give-up hook runs before the job is recorded failed (a crash in it runs it again), and not for a runner back after its lease', async () => {
    const id = await enqueue('hook', { maxAttempts: 1 });
    await claimDueJobs(t.app.ctx, 10);
    t.clock.advance(t.app.ctx.jobs.leaseMs);
    // The hook sees the job still running; it throws (logged): the job is failed all the same.
    const seen: string[] = [];
    const hook = t.app.ctx.jobs.handler('test-job')!;
    const original = hook.onGiveUp!;
    hook.onGiveUp = async (ctx, payload, job, reason) => {
      seen.push((await jobRow(t, id)).status);
      await original(ctx, payload, job, reason);
      throw new Error('hook down');
    };
    try {
      expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 1, failed: 1 });
    } finally {
      hook.onGiveUp = original;
    }
    expect(seen).toEqual(['running']);
    expect(await jobRow(t, id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'the runner of attempt 1 stopped before it finished' });

    // A stale claim of a job that has moved on (another runner took it) gives nothing up.
    rec.givenUp = [];
    const staleId = await enqueue('stale', { maxAttempts: 1 });
    const [stale] = await claimDueJobs(t.app.ctx, 10);
    t.clock.advance(t.app.ctx.jobs.leaseMs);
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 1, failed: 1 });
    expect(rec.givenUp).toEqual([{ key: 'stale', attempt: 2, reason: 'the runner of attempt 1 stopped before it finished' }]);
    rec.answer = async () => {
      throw new Error('late');
    };
    await runClaimedJob(t.app.ctx, stale);
    expect(rec.givenUp).toHaveLength(1);
    expect(await jobRow(t, staleId)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('a failed outcome or a retry with attempts left gives nothing up', async () => {
    rec.answer = async (key) => (key === 'refused' ? { status: 'failed', reason: 'no' } : { status: 'retry', reason: 'later' });
    await enqueue('refused', { maxAttempts: 1 });
    await enqueue('again', { maxAttempts: 2 });
    expect(await runDueJobs(t.app.ctx)).toMatchObject({ claimed: 2, failed: 1, retried: 1 });
    expect(rec.givenUp).toEqual([]);
  });
});

describe('the in-process kick', () => {
  it('submitJob answers at once and the job runs in the background, soon, without runDueJobs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    rec.answer = async () => gate;
    const id = await submitJob(t.app.ctx, 'test-job', { key: 'kicked' });
    // The caller was not held by the job.
    expect((await jobRow(t, id)).status).not.toBe('done');
    release();
    await t.app.ctx.jobs.idle();
    expect(await jobRow(t, id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(rec.runs.get('kicked')).toEqual([1]);
  });

  it('a failing job never reaches the caller: it is retried later', async () => {
    rec.answer = async () => {
      throw new Error('provider down');
    };
    const id = await submitJob(t.app.ctx, 'test-job', { key: 'failing' });
    await t.app.ctx.jobs.idle();
    expect(await jobRow(t, id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'provider down' });
  });

  it('many kicks run many jobs, each once, more than one at a time', async () => {
    let running = 0;
    let most = 0;
    rec.answer = async () => {
      running += 1;
      most = Math.max(most, running);
      await yieldTurn();
      running -= 1;
    };
    await Promise.all(Array.from({ length: 30 }, (_, i) => submitJob(t.app.ctx, 'test-job', { key: `k${i}` })));
    await t.app.ctx.jobs.idle();
    expect(rec.runs.size).toBe(30);
    for (const runs of rec.runs.values()) expect(runs).toEqual([1]);
    expect(most).toBeGreaterThan(1);
  });
});

describe('stopping', () => {
  it('stop() waits for a running job, then takes no more', async () => {
    const other = await createTestApp({ smtp: false });
    try {
      const r = registerTestJob(other);
      let release!: () => void;
      const gate = new Promise<void>((res) => (release = res));
      r.answer = async () => gate;
      const id = await submitJob(other.app.ctx, 'test-job', { key: 'inflight' });
      while (!r.runs.has('inflight')) await yieldTurn();
      let stopped = false;
      const stopping = startedEarly(other.app.ctx.jobs.stop().then(() => (stopped = true)));
      await yieldTurn();
      expect(stopped).toBe(false);
      release();
      await stopping;
      expect((await jobRow(other, id)).status).toBe('done');
      // After stop: enqueued jobs stay queued for another runner.
      const later = await submitJob(other.app.ctx, 'test-job', { key: 'after-stop' });
      await other.app.ctx.jobs.idle();
      expect((await jobRow(other, later)).status).toBe('queued');
    } finally {
      await other.close();
    }
  });
});
