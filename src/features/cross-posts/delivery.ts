import type { OAuthProvider } from '../../config.js';
import { parseJson } from '../../db/dialect.js';
import type { AppContext } from '../../runtime/context.js';
import type { JobInfo, JobOutcome } from '../../runtime/types.js';
import { notifyInApp } from '../notifications/service.js';
import { withNetworkAuth } from './auth.js';
import { messageMedia } from './media.js';
import { networkAdapters } from './networks.js';
import { attemptFailure, type AttemptFailure } from './outcome.js';
import { deliveryById, messageForDelivery, moveDelivery, type DeliveryRow } from './queries.js';
import { submitRemovals } from './removal.js';
import type { CrossPostRequest } from './request.js';
import { deliveryWatch } from './watch.js';

// One delivery of a message to one target, run by the job runner (kind `cross-post-delivery`):
// an attempt per job run, at most the job's attempts (5). The ledger row is the truth: a job that
// finds its delivery no longer pending does nothing, and only a pending delivery becomes `ok` or
// `failed`, so a delivery called off (its message deleted) while its post was under way has
// that copy removed at once.

export const DELIVERY_JOB = 'cross-post-delivery';
/** The first retry's delay, doubled each time (the job runner's backoff). */
export const DELIVERY_RETRY_BASE_MS = 10_000;

export async function runDelivery(ctx: AppContext, payload: { deliveryId: string }, job: JobInfo): Promise<JobOutcome> {
  const row = await deliveryById(ctx.db.kysely, payload.deliveryId);
  if (!row || row.status !== 'pending') return { status: 'done' };
  try {
    return await attempt(ctx, row, job);
  } finally {
    deliveryWatch(ctx).settle(row.id);
  }
}

async function attempt(ctx: AppContext, row: DeliveryRow, job: JobInfo): Promise<JobOutcome> {
  const now = () => ctx.clock.now().toISOString();
  const adapter = networkAdapters(ctx)[row.platform as keyof ReturnType<typeof networkAdapters>];
  const message = await messageForDelivery(ctx.db.kysely, row.message_id);
  if (!message) {
    await moveDelivery(ctx.db.kysely, row.id, 'pending', { status: 'deleted', updated_at: now() });
    return { status: 'done' };
  }
  await moveDelivery(ctx.db.kysely, row.id, 'pending', { attempts: job.attempt, updated_at: now() });
  if (!adapter || !row.identity_id) {
    await failDelivery(ctx, row, { final: true, error: `Cross-posting to ${row.platform} is not available on this server`, errorCode: 'network_unavailable', statusCode: null, retryAfterMs: null });
    return { status: 'done' };
  }
  const request = (message.cross_post_config ? JSON.parse(message.cross_post_config) : {}) as CrossPostRequest;
  const list = (stored: string | null) => parseJson<string[]>(stored) ?? [];
  const media = await messageMedia(
    ctx,
    { images: list(message.image_urls), videos: list(message.video_urls), imageAlts: list(message.image_alts), videoAlts: list(message.video_alts) },
    adapter.accepts,
  );
  let published;
  try {
    published = await withNetworkAuth(ctx, row.identity_id, row.platform as OAuthProvider, (auth) =>
      adapter.publish(auth, {
        text: message.content,
        media,
        deliveryKey: row.delivery_key,
        target: row.target,
        ...(row.platform === 'networkC' && request.networkCLinkAsFirstComment ? { linkAsFirstComment: true } : {}),
      }),
    );
  } catch (err) {
    const failure = attemptFailure(err);
    if (failure.final || job.attempt >= job.maxAttempts) {
      await failDelivery(ctx, row, failure);
      return { status: 'done' };
    }
    const retryAt = new Date(ctx.clock.now().getTime() + Math.max(failure.retryAfterMs ?? 0, 0));
    await moveDelivery(ctx.db.kysely, row.id, 'pending', {
      error: failure.error,
      error_code: failure.errorCode,
      status_code: failure.statusCode,
      next_attempt_at: retryAt.toISOString(),
      updated_at: now(),
    });
    return { status: 'retry', reason: failure.error, ...(failure.retryAfterMs !== null ? { retryAfterMs: failure.retryAfterMs } : {}) };
  }
  const recorded = await moveDelivery(ctx.db.kysely, row.id, 'pending', {
    status: 'ok',
    external_id: published.externalId,
    external_url: published.externalUrl,
    error: null,
    error_code: null,
    status_code: null,
    next_attempt_at: null,
    updated_at: now(),
  });
  if (!recorded) {
    // Called off while posting (the message was deleted): the copy goes too.
    await moveDelivery(ctx.db.kysely, row.id, 'deleted', { status: 'deleting', external_id: published.externalId, external_url: published.externalUrl, updated_at: now() });
    await submitRemovals(ctx, [row.id]);
  }
  return { status: 'done' };
}

/** The give-up hook: the last attempt's runner died before it answered. */
export async function deliveryGivenUp(ctx: AppContext, payload: { deliveryId: string }, _job: JobInfo, reason: string): Promise<void> {
  const row = await deliveryById(ctx.db.kysely, payload.deliveryId);
  if (row?.status === 'pending') await failDelivery(ctx, row, { final: true, error: reason, errorCode: row.error_code ?? 'unavailable', statusCode: row.status_code, retryAfterMs: null });
}

/**
 * Ends a delivery `failed`: logged once with the message id (never a token: only the ledger's
 * own fields), and the author told in-app (`cross_post_failed`).
 */
async function failDelivery(ctx: AppContext, row: DeliveryRow, failure: AttemptFailure): Promise<void> {
  const ended = await moveDelivery(ctx.db.kysely, row.id, 'pending', {
    status: 'failed',
    error: failure.error,
    error_code: failure.errorCode,
    status_code: failure.statusCode,
    next_attempt_at: null,
    updated_at: ctx.clock.now().toISOString(),
  });
  if (!ended) return;
  ctx.log.warn(
    { messageId: row.message_id, deliveryId: row.id, platform: row.platform, errorCode: failure.errorCode, statusCode: failure.statusCode, error: failure.error },
    'cross-post delivery failed',
  );
  await notifyInApp(ctx, {
    type: 'cross_post_failed',
    recipientId: row.user_id,
    messageId: row.message_id,
    title: `Cross-posting to ${row.platform} failed`,
    body: failure.error,
    metadata: { platform: row.platform, deliveryId: row.id, errorCode: failure.errorCode },
  }).catch((err: unknown) => ctx.log.error({ err, messageId: row.message_id }, 'the cross_post_failed notification could not be written'));
}
