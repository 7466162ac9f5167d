import type { TestApp } from '../helpers/app.js';
import type { JobOutcome } from '../../src/runtime/types.js';

// Job kinds of the tests' own, registered on a test app's runner: each records its runs and
// answers what the test tells it to.

declare module '../../src/runtime/types.js' {
  interface JobPayloads {
    'test-job': { key: string };
  }
}

export interface Recorder {
  /** Runs of each key, in order, with the attempt number each run was given. */
  runs: Map<string, number[]>;
  /** What the next runs answer (default done); a function may also wait or throw. */
  answer: (key: string, attempt: number) => Promise<JobOutcome | void>;
  /** The give-up hook's calls: key, the attempt it was given, and the reason. */
  givenUp: { key: string; attempt: number; reason: string }[];
}

export function registerTestJob(t: TestApp): Recorder {
  const rec: Recorder = { runs: new Map(), answer: async () => undefined, givenUp: [] };
  t.app.ctx.jobs.register(
    'test-job',
    async (_ctx, payload, job) => {
      rec.runs.set(payload.key, [...(rec.runs.get(payload.key) ?? []), job.attempt]);
      return rec.answer(payload.key, job.attempt);
    },
    {
      baseDelayMs: 1000,
      maxDelayMs: 60_000,
      onGiveUp: async (_ctx, payload, job, reason) => {
        rec.givenUp.push({ key: payload.key, attempt: job.attempt, reason });
      },
    },
  );
  return rec;
}

export const jobRow = (t: TestApp, id: string) => t.db.kysely.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const clearJobs = (t: TestApp) => t.db.kysely.deleteFrom('jobs').execute();

/** Lets other work interleave (the other runner's claim, in a race). */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
