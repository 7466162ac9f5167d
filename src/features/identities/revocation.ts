import type { Kysely } from 'kysely';
import type { OAuthProvider } from '../../config.js';
import type { Database } from '../../db/types.js';
import { enqueueJobs, type JobSpec } from '../../runtime/jobs/enqueue.js';
import type { AppContext, JobInfo, JobOutcome } from '../../runtime/types.js';
import { toCredentials, type Credentials } from './credentials.js';
import { signInProvider } from './providers/index.js';
import { identityRowsOf } from './queries.js';

// Revoking a deleted account's grants at the providers. Account deletion removes the identity
// rows (and their tokens) in a transaction; a revocation job per identity whose provider can
// revoke is queued in that same transaction, so it exists exactly when the deletion committed,
// and runs after it: the deletion never waits for, nor fails with, a provider. The job carries
// the credentials it needs sealed (the jobs table holds no token in the clear and no user id),
// tries a few times, and then gives up with a log line: revocation is best effort.

export const REVOCATION_JOB = 'identity-revocation';
/** Tries in all before giving up. */
export const REVOCATION_ATTEMPTS = 3;
export const REVOCATION_RETRY_BASE_MS = 30_000;

export interface RevocationPayload {
  provider: string;
  /** The deleted identity's id (for the log only). */
  identityId: string;
  /** The identity's Credentials as JSON, sealed. */
  sealed: string;
}

/** Inside the deleting transaction, before the user's identities are removed: one revocation job for each that holds something to revoke. */
export async function queueRevocations(ctx: AppContext, trx: Kysely<Database>, userId: string): Promise<number> {
  const jobs: JobSpec[] = [];
  for (const row of await identityRowsOf(trx, userId)) {
    if (!signInProvider(row.provider as OAuthProvider)?.revoke) continue;
    const creds = toCredentials(ctx, row);
    if (!creds.tokens && !creds.session) continue;
    const payload: RevocationPayload = { provider: row.provider, identityId: row.id, sealed: ctx.sealer.seal(JSON.stringify(creds)) };
    jobs.push({ kind: REVOCATION_JOB, payload, options: { maxAttempts: REVOCATION_ATTEMPTS } });
  }
  await enqueueJobs(trx, ctx.clock.now(), jobs);
  return jobs.length;
}

/** The job: one revocation call; a failure is logged (never a token) and tried again until the attempts run out. */
export async function runRevocation(ctx: AppContext, payload: RevocationPayload, job: JobInfo): Promise<JobOutcome> {
  const provider = signInProvider(payload.provider as OAuthProvider);
  let creds: Credentials;
  try {
    creds = JSON.parse(ctx.sealer.open(payload.sealed)) as Credentials;
  } catch {
    // Sealed under a key this server no longer has: nothing can be revoked.
    ctx.log.warn({ provider: payload.provider, identityId: payload.identityId }, 'token revocation after account deletion: the credentials cannot be opened');
    return { status: 'done' };
  }
  if (!provider?.revoke) return { status: 'done' };
  try {
    await provider.revoke(ctx, creds);
    return { status: 'done' };
  } catch (err) {
    const reason = `Revocation at ${payload.provider} failed: ${(err as Error).message}`;
    const last = job.attempt >= job.maxAttempts;
    ctx.log.warn({ provider: payload.provider, identityId: payload.identityId, attempt: job.attempt, givenUp: last, reason }, 'token revocation after account deletion failed');
    return last ? { status: 'failed', reason } : { status: 'retry', reason };
  }
}
