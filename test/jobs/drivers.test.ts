import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueJob } from '../../src/runtime/jobs/enqueue.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { activeUser, cookieOf, createList } from '../lists/support.js';
import { clearJobs, jobRow, registerTestJob, type Recorder } from './support.js';

// What drives the runner besides the kick: GET /api/cron/run-jobs (SCHEDULER=off), the in-process
// scheduler's tick (SCHEDULER=on), housekeeping of finished jobs; and a list import as a job.

const SECRET = 'cron-secret-for-job-tests-0123456789';
let t: TestApp;
let rec: Recorder;
beforeAll(async () => {
  t = await createTestApp({ smtp: false, env: { CRON_SECRET: SECRET } });
  rec = registerTestJob(t);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.ctx.jobs.idle();
  await clearJobs(t);
  rec.runs.clear();
  rec.answer = async () => undefined;
});

const runJobs = (authorization?: string) => t.app.inject({ method: 'GET', url: '/api/cron/run-jobs', headers: authorization ? { authorization } : {} });
const enqueue = (key: string, runAt?: Date) => enqueueJob(t.db.kysely, t.clock.now(), 'test-job', { key }, runAt ? { runAt } : {});

describe('GET /api/cron/run-jobs', () => {
  it('401 without the cron secret (or with another value), and runs nothing', async () => {
    const id = await enqueue('guarded');
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${SECRET}x`, SECRET]) {
      const res = await runJobs(auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'unauthorized' });
    }
    expect((await jobRow(t, id)).status).toBe('queued');
    expect(rec.runs.size).toBe(0);
  });

  it('200 with the secret: runs the due jobs and answers what became of them', async () => {
    rec.answer = async (key) => (key === 'fails' ? { status: 'failed', reason: 'no' } : key === 'later' ? { status: 'retry', reason: 'busy' } : undefined);
    const ids = [await enqueue('ok-1'), await enqueue('ok-2'), await enqueue('fails'), await enqueue('later'), await enqueue('future', new Date(t.clock.now().getTime() + 60_000))];
    const res = await runJobs(`Bearer ${SECRET}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Ran 4 jobs', claimed: 4, done: 2, retried: 1, failed: 1 });
    expect((await jobRow(t, ids[4])).status).toBe('queued');
    expect((await runJobs(`Bearer ${SECRET}`)).json()).toEqual({ message: 'Ran 0 jobs', claimed: 0, done: 0, retried: 0, failed: 0 });
    t.clock.advance(60_000);
    // The future one and the retry (backoff 1 s) are due now.
    expect((await runJobs(`Bearer ${SECRET}`)).json()).toMatchObject({ claimed: 2, done: 1, retried: 1 });
  });

  it('without CRON_SECRET configured it is always 401', async () => {
    const bare = await createTestApp({ smtp: false });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/cron/run-jobs', headers: { authorization: 'Bearer ' } })).statusCode).toBe(401);
      expect((await bare.app.inject({ method: 'GET', url: '/api/cron/run-jobs' })).statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});

describe('the in-process scheduler', () => {
  it('runOnce runs the due jobs (with publishing and housekeeping)', async () => {
    const id = await enqueue('by-scheduler', new Date(t.clock.now().getTime() + 30_000));
    t.clock.advance(30_000);
    const scheduler = t.app.ctx.runtime.periodic;
    scheduler.start({ intervalMs: 3600_000 });
    try {
      await scheduler.runOnce();
    } finally {
      await scheduler.stop();
    }
    expect(await jobRow(t, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('every instance polls for due jobs whatever SCHEDULER says: a retry is picked up once its backoff has passed, and the poll stops', async () => {
    rec.answer = async (_key, attempt) => (attempt === 1 ? { status: 'retry', reason: 'once more' } : undefined);
    const id = await enqueue('polled');
    expect((await runJobs(`Bearer ${SECRET}`)).json()).toMatchObject({ retried: 1 });
    // SCHEDULER=off: no periodic tasks, the job runner's poll all the same.
    t.app.ctx.runtime.startBackground({ periodic: false, pollMs: 20 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(rec.runs.get('polled')).toEqual([1]);
      t.clock.advance(1000);
      await vi.waitFor(async () => expect((await jobRow(t, id)).status).toBe('done'), { timeout: 5000, interval: 20 });
    } finally {
      await t.app.ctx.runtime.stopBackground();
    }
    expect(rec.runs.get('polled')).toEqual([1, 2]);
    // Stopped: a job due now but never kicked stays queued.
    const later = await enqueue('after-stop');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await jobRow(t, later)).status).toBe('queued');
  });
});

describe('housekeeping of finished jobs', () => {
  it('removes done jobs after a day and failed ones after 30 days; queued ones stay', async () => {
    rec.answer = async (key) => (key.startsWith('bad') ? { status: 'failed', reason: 'no' } : undefined);
    const [done, bad] = [await enqueue('done-1'), await enqueue('bad-1')];
    const queued = await enqueue('waiting', new Date(t.clock.now().getTime() + 60 * 24 * 3600_000));
    await runJobs(`Bearer ${SECRET}`);
    const purge = () => t.app.inject({ method: 'GET', url: '/api/cron/purge-expired', headers: { authorization: `Bearer ${SECRET}` } });
    expect((await purge()).json().jobs).toBe(0);
    t.clock.advance(24 * 3600_000 + 1);
    expect((await purge()).json().jobs).toBe(1);
    const left = async () => (await t.db.kysely.selectFrom('jobs').select('id').execute()).map((r) => r.id).sort();
    expect(await left()).toEqual([bad, queued].sort());
    t.clock.advance(29 * 24 * 3600_000);
    expect((await purge()).json().jobs).toBe(1);
    expect(await left()).toEqual([queued]);
    expect(done).toBeTypeOf('string');
  });
});

describe('list imports', () => {
  it('an upload enqueues a list-import job that the kick runs at once', async () => {
    const me = await activeUser(t);
    const list = await createList(t, cookieOf(me));
    const boundary = '----jobsimport';
    const csv = 'title\nFirst\nSecond\n';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: `/api/lists/${list.id}/import`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: me.cookie } });
    expect(res.statusCode, res.body).toBe(202);
    const importId = res.json().job.id;
    await t.app.ctx.jobs.idle();
    const jobs = await t.db.kysely.selectFrom('jobs').selectAll().where('kind', '=', 'list-import').execute();
    expect(jobs).toEqual([expect.objectContaining({ status: 'done', attempts: 1, payload: JSON.stringify({ jobId: importId }) })]);
    const state = await t.app.inject({ method: 'GET', url: `/api/lists/${list.id}/imports/${importId}`, headers: { cookie: me.cookie } });
    expect(state.json().job, state.body).toMatchObject({ status: 'done', inserted: 2 });
  });
});
