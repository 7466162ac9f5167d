import { CodehostError, createCodehostClient, MAX_PAGES, type CodehostListing } from '../../adapters/codehost/client.js';
import { guardedFetchFunction } from '../../adapters/outbound-fetch/fetch-function.js';
import { conflict } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { SingleFlight } from '../../lib/single-flight.js';
import { submitJobs } from '../../runtime/jobs/enqueue.js';
import { AppState } from '../../runtime/state.js';
import type { AppContext, JobOutcome, PeriodicTask } from '../../runtime/types.js';
import { AccessTokenRejected, IdentityNotLinked, listIdentities, ReauthRequired, RefreshRefused, withAccessToken } from '../identities/index.js';
import { listColumns } from './columns.js';
import {
  claimSync,
  listById,
  markSynced,
  listAs,
  releaseSync,
  replaceSourcedRows,
  setSourceIdentity,
  sourcedListIdsAfter,
  type ListRecord,
  type PreparedRow,
} from './queries/index.js';
import { prepareRow, storedData } from './row-data.js';
import { CODEHOST_SYNC_JOB, SYNC_ATTEMPTS } from './service.js';
import { sourceOf, sourceRow, type ListSource } from './sources.js';

// The sync of codehost-backed lists: the provider's items become the list's rows. A sync sends a
// conditional request with the ETag of its last good listing (a 304 costs no rate limit and moves
// only lastSyncedAt), follows the pagination to the end, and replaces the rows in one short
// transaction (everything is fetched and checked before it opens, so SQLite's writer is held only
// for the writes). A provider that fails (5xx, a timeout, a rate limit) leaves the last good rows
// as they are. A listing longer than the client's page bound (MAX_PAGES) is kept as far as it
// goes, recorded on the list (`syncTruncated`) and logged, never cut silently. Runs: the job queued
// with a new list and by `POST /api/lists/{id}/sync`, and the hourly periodic task
// (GET /api/cron/sync-codehost-lists).
//
// One sync of a list at a time: in this process the callers share one (a single flight); across
// instances a sync first claims the list in the database (claimSync, a compare-and-swap on
// lists.sync_claimed_until) and one that finds it claimed does nothing (`busy`): the job tries
// again shortly, the hourly task leaves the list to the sync under way. A claim left by a process
// that died runs out after SYNC_CLAIM_MS.

export type SyncResult =
  | { result: 'updated' | 'unchanged' }
  | { result: 'failed'; reason: string; retryable: boolean; retryAfterMs: number | null }
  | { result: 'gone' }
  | { result: 'busy' };

/** How long a sync's claim holds: beyond the longest sync (MAX_PAGES requests, each within the outbound time budget). */
export const SYNC_CLAIM_MS = 15 * 60_000;
/** When a job that found its list claimed by another instance tries again. */
export const BUSY_RETRY_MS = 15_000;

/** One sync per list at a time in this process: the job and the hourly task share it. */
const syncFlights = new AppState('lists.codehost-sync', () => new SingleFlight<SyncResult>());
export const CODEHOST_SYNC_STATE = [syncFlights];

/** Codehost tokens do not refresh: a refused token means linking the account again. */
const noRefresh = async (): Promise<never> => {
  throw new RefreshRefused('Codehost tokens are not refreshed');
};

function failed(reason: string, retryable = false, retryAfterMs: number | null = null): SyncResult {
  return { result: 'failed', reason, retryable, retryAfterMs };
}

/** The identity the list syncs with: the one recorded, else (unlinked, then linked again) its owner's codehost identity now. */
async function syncIdentity(ctx: AppContext, list: ListRecord): Promise<string | null> {
  const current = (await listIdentities(ctx, list.user_id)).filter((i) => i.provider === 'codehost');
  if (current.some((i) => i.id === list.source_identity_id)) return list.source_identity_id;
  if (current.length === 0) return null;
  await setSourceIdentity(ctx.db.kysely, list.id, current[0].id);
  list.source_etag = null;
  return current[0].id;
}

async function fetchListing(ctx: AppContext, list: ListRecord, source: ListSource, identityId: string): Promise<CodehostListing> {
  const client = createCodehostClient({ baseUrl: ctx.config.networks.codehostApiUrl, fetch: guardedFetchFunction(ctx.outbound), now: () => ctx.clock.now().getTime() });
  return withAccessToken(ctx, identityId, noRefresh, async (creds) => {
    if (creds.userId !== list.user_id || !creds.tokens) throw new IdentityNotLinked('The identity is not the list owner’s');
    try {
      return await client.list({ kind: source.kind, repository: source.repository, etag: list.source_etag, token: creds.tokens.accessToken });
    } catch (err) {
      if (err instanceof CodehostError && err.kind === 'unauthorized') throw new AccessTokenRejected(err.message);
      throw err;
    }
  });
}

/** A sync of the list under its claim in the database, or `busy` when another instance holds it. */
async function claimedSync(ctx: AppContext, listId: string): Promise<SyncResult> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + SYNC_CLAIM_MS).toISOString();
  if (!(await claimSync(ctx.db.kysely, listId, now.toISOString(), until))) return (await listById(ctx.db.kysely, listId)) ? { result: 'busy' } : { result: 'gone' };
  try {
    return await syncOnce(ctx, listId);
  } finally {
    await releaseSync(ctx.db.kysely, listId, until);
  }
}

async function syncOnce(ctx: AppContext, listId: string): Promise<SyncResult> {
  const list = await listById(ctx.db.kysely, listId);
  const source = list && sourceOf(list);
  if (!list || !source) return { result: 'gone' };
  const identityId = await syncIdentity(ctx, list);
  if (identityId === null) return failed('No codehost account is linked');
  let listing: CodehostListing;
  try {
    listing = await fetchListing(ctx, list, source, identityId);
  } catch (err) {
    if (err instanceof ReauthRequired || err instanceof IdentityNotLinked) return failed(err.message);
    if (err instanceof CodehostError) return failed(err.message, err.kind === 'unavailable', err.retryAfterMs);
    throw err;
  }
  const now = isoNow(ctx.clock);
  if (listing.notModified) {
    await markSynced(ctx.db.kysely, list.id, now);
    return { result: 'unchanged' };
  }
  // Each item as a row the list's own row validation accepts (an item it refuses is left out).
  const { columns, validate } = await listColumns(ctx, ctx.db.kysely, list);
  const rows: PreparedRow[] = [];
  for (const item of listing.items) {
    const { data, errors } = validate(sourceRow(item), true);
    if (errors.length === 0) rows.push(prepareRow(columns, storedData(columns, data)));
  }
  const skipped = listing.items.length - rows.length;
  if (skipped > 0) ctx.log.warn({ listId, skipped }, 'codehost items the list refused');
  if (listing.truncated) ctx.log.warn({ listId, pages: listing.pages, items: listing.items.length, maxPages: MAX_PAGES }, 'codehost listing cut off at its page bound');
  const kept = await ctx.db.kysely.transaction().execute(async (trx) => {
    // Deleted while the listing was fetched: nothing to write.
    if (!(await listById(trx, list.id))) return false;
    await replaceSourcedRows(trx, ctx.db.engine, list.id, rows, { etag: listing.etag, truncated: listing.truncated, at: now });
    return true;
  });
  return kept ? { result: 'updated' } : { result: 'gone' };
}

/** Syncs one codehost-backed list now (one at a time per list: shared in this process, claimed across instances). */
export function syncCodehostList(ctx: AppContext, listId: string): Promise<SyncResult> {
  return ctx.state(syncFlights).run(listId, () => claimedSync(ctx, listId));
}

/** The sync job: a provider that is down or out of rate limit is tried again (after its reset when it says). */
export async function runSyncJob(ctx: AppContext, listId: string): Promise<JobOutcome> {
  const outcome = await syncCodehostList(ctx, listId);
  // Another instance is syncing it: this request's sync runs after that one (whose listing may predate the request).
  if (outcome.result === 'busy') return { status: 'retry', reason: 'Another instance is syncing this list', retryAfterMs: BUSY_RETRY_MS };
  if (outcome.result !== 'failed') return { status: 'done' };
  ctx.log.warn({ listId, reason: outcome.reason }, 'codehost list sync failed');
  if (!outcome.retryable) return { status: 'failed', reason: outcome.reason };
  return { status: 'retry', reason: outcome.reason, ...(outcome.retryAfterMs !== null ? { retryAfterMs: outcome.retryAfterMs } : {}) };
}

/** `POST /api/lists/{id}/sync`: the owner's codehost-backed list (others': 404; a list of one's own rows: 409 not_codehost_list). */
export async function requestSync(ctx: AppContext, userId: string, listId: string): Promise<void> {
  const list = await listAs(ctx.db.kysely, userId, listId, 'owner');
  if (list.source === null) throw conflict('This list is not kept in sync with the code host', 'not_codehost_list');
  await submitJobs(ctx, [{ kind: CODEHOST_SYNC_JOB, payload: { listId }, options: { maxAttempts: SYNC_ATTEMPTS } }]);
}

/** A failure of the service's own (a database error): logged, counted as failed, and the other lists go on. */
function unexpected(ctx: AppContext, listId: string, err: unknown): SyncResult {
  ctx.log.error({ err, listId }, 'codehost list sync broke');
  return failed('The sync broke');
}

const BATCH = 100;
/** Lists synced side by side by the hourly task. */
const PARALLEL = 4;

/** Syncs every codehost-backed list: how many, how many changed, how many failed. */
export async function syncAllCodehostLists(ctx: AppContext): Promise<{ lists: number; updated: number; failed: number }> {
  const counts = { lists: 0, updated: 0, failed: 0 };
  let after = '';
  for (;;) {
    const ids = await sourcedListIdsAfter(ctx.db.kysely, after, BATCH);
    for (let i = 0; i < ids.length; i += PARALLEL) {
      const outcomes = await Promise.all(ids.slice(i, i + PARALLEL).map((id) => syncCodehostList(ctx, id).catch((err: unknown) => unexpected(ctx, id, err))));
      for (const [j, o] of outcomes.entries()) {
        // Gone, or being synced by another instance (which counts it).
        if (o.result === 'gone' || o.result === 'busy') continue;
        counts.lists += 1;
        if (o.result === 'updated') counts.updated += 1;
        if (o.result === 'failed') {
          counts.failed += 1;
          ctx.log.warn({ listId: ids[i + j], reason: o.reason }, 'codehost list sync failed');
        }
      }
    }
    if (ids.length < BATCH) return counts;
    after = ids[ids.length - 1];
  }
}

/** The hourly sync (in-process with SCHEDULER=on; else GET /api/cron/sync-codehost-lists). */
export const syncCodehostListsTask: PeriodicTask = {
  name: 'sync-codehost-lists',
  everyMs: 3600_000,
  counts: { lists: 'codehost-backed lists synced', updated: 'lists whose rows changed', failed: 'lists whose provider failed (their last good rows kept)' },
  run: (ctx) => syncAllCodehostLists(ctx),
};
