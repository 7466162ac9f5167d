import { OutboundRefusedError } from '../../adapters/outbound-fetch/index.js';
import { enqueueJob } from '../../runtime/jobs/enqueue.js';
import type { AppContext } from '../../runtime/types.js';
import { newId } from '../../lib/ids.js';
import { countAttempt, type AttemptOutcome } from './metrics.js';
import type { WebhookOwner } from './owner.js';
import { disableWebhook, failOpenDeliveries, insertAttempt, recordWebhookFailure, recordWebhookSuccess, updateDelivery, type DeliveryRow, type WebhookRow } from './queries.js';
import { parseRetryAfter, retryDelayMs } from './retry-schedule.js';
import { signatureHeader } from './signing.js';
import { tellWebhookDisabled } from './tell-owner.js';

// One attempt of one delivery: signed (Standard Webhooks), sent through the guarded fetcher (each
// connection's address re-checked, redirects not followed, 15 s), recorded (the attempt, the
// delivery's state, the webhook's failure run), and what follows decided: a 2xx succeeded; 410
// disables the webhook at once (`gone`); anything else is retried on the schedule, with the same
// body and webhook-id, and a webhook with no success for 72 hours and at least 15 failed attempts
// in a row is disabled (`failing`) and its owner told.

export const SEND_JOB = 'webhook-send';
export const TIMEOUT_MS = 15_000;
/** How much of an answer an attempt keeps. */
export const ANSWER_BYTES = 4096;
export const FAILING_AFTER_MS = 72 * 3600_000;
export const FAILING_ATTEMPTS = 15;
/** How long a rotated-out secret keeps signing. */
export const PREVIOUS_SECRET_MS = 24 * 3600_000;

export function ownerOf(hook: Pick<WebhookRow, 'user_id' | 'org_id'>): WebhookOwner {
  return hook.user_id !== null ? { kind: 'user', id: hook.user_id } : { kind: 'org', id: hook.org_id! };
}

/** The secrets that sign now: the current one, and the previous one within its 24 hours. */
function signingSecrets(ctx: AppContext, hook: WebhookRow, now: Date): string[] {
  const secrets = [ctx.sealer.open(hook.secret)];
  if (hook.previous_secret !== null && hook.previous_secret_until !== null && hook.previous_secret_until > now.toISOString()) secrets.push(ctx.sealer.open(hook.previous_secret));
  return secrets;
}

interface Answer {
  statusCode: number | null;
  error: string | null;
  body: string | null;
  retryAfterMs: number | null;
  outcome: AttemptOutcome;
}

async function send(ctx: AppContext, hook: WebhookRow, delivery: DeliveryRow, now: Date): Promise<Answer> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const answer = await ctx.outbound.keptAliveFetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(signingSecrets(ctx, hook, now), delivery.event_id, timestamp, delivery.body),
      },
      body: delivery.body,
      redirect: 'manual',
      timeoutMs: TIMEOUT_MS,
      maxBytes: ANSWER_BYTES,
      overflow: 'truncate',
    });
    const ok = answer.status >= 200 && answer.status <= 299;
    const redirect = answer.status >= 300 && answer.status <= 399;
    return {
      statusCode: answer.status,
      // NUL is not storable on PostgreSQL, and says nothing to a reader.
      body: answer.body.toString('utf8').replaceAll('\u0000', ''),
      error: ok ? null : redirect ? `HTTP ${answer.status}: redirects are not followed` : `HTTP ${answer.status}`,
      retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), ctx.clock.now()),
      outcome: ok ? 'success' : 'failure',
    };
  } catch (err) {
    // The fetcher's messages name no resolved address (errors.ts): fit for the owner to read.
    const error = err instanceof OutboundRefusedError ? err.message : 'The request failed';
    if (!(err instanceof OutboundRefusedError)) ctx.log.warn({ err, webhookId: hook.id }, 'webhook attempt failed unexpectedly');
    return { statusCode: null, body: null, error, retryAfterMs: null, outcome: 'error' };
  }
}

/** Makes one attempt of `delivery` now and records it; answers the delivery's new state. */
export async function attemptDelivery(ctx: AppContext, hook: WebhookRow, delivery: DeliveryRow): Promise<DeliveryRow> {
  const db = ctx.db.kysely;
  const startedAt = ctx.clock.now();
  const started = performance.now();
  const answer = await send(ctx, hook, delivery, startedAt);
  const durationMs = Math.round(performance.now() - started);
  countAttempt(ctx, answer.outcome, durationMs);
  const now = ctx.clock.now();
  const at = now.toISOString();
  await insertAttempt(db, { id: newId(), delivery_id: delivery.id, attempted_at: startedAt.toISOString(), status_code: answer.statusCode, duration_ms: durationMs, error: answer.error, response_body: answer.body });

  const disabled = await judgeWebhook(ctx, hook, answer, now);
  const attempts = delivery.attempts + 1;
  const delay = answer.outcome === 'success' || disabled !== null ? null : retryDelayMs(attempts, answer.retryAfterMs);
  const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay).toISOString();
  const state = {
    status: answer.outcome === 'success' ? 'succeeded' : nextAttemptAt === null ? 'failed' : 'retrying',
    attempts,
    last_status_code: answer.statusCode,
    last_error: answer.error,
    next_attempt_at: nextAttemptAt,
    updated_at: at,
  };
  await updateDelivery(db, delivery.id, state);
  if (nextAttemptAt !== null) await enqueueJob(db, now, SEND_JOB, { webhookId: hook.id }, { runAt: new Date(nextAttemptAt) });
  // The count the owner is told is the one this attempt made.
  if (disabled !== null) await disable(ctx, { ...hook, consecutive_failures: hook.consecutive_failures + 1 }, disabled);
  return { ...delivery, ...state };
}

/** The attempt's part in the webhook's record: its failure run, and whether it must now be disabled. */
async function judgeWebhook(ctx: AppContext, hook: WebhookRow, answer: Answer, now: Date): Promise<'gone' | 'failing' | null> {
  const at = now.toISOString();
  if (answer.outcome === 'success') {
    await recordWebhookSuccess(ctx.db.kysely, hook.id, at);
    return null;
  }
  if (answer.statusCode === 410) return 'gone';
  const run = await recordWebhookFailure(ctx.db.kysely, hook.id, at);
  const failing = run !== undefined && run.consecutive_failures >= FAILING_ATTEMPTS && run.failing_since !== null && now.getTime() - Date.parse(run.failing_since) >= FAILING_AFTER_MS;
  return failing ? 'failing' : null;
}

/** Disables the webhook (once), ends its open deliveries, and for `failing` tells its owner. */
async function disable(ctx: AppContext, hook: WebhookRow, reason: 'gone' | 'failing'): Promise<void> {
  const at = ctx.clock.now().toISOString();
  if (!(await disableWebhook(ctx.db.kysely, hook.id, reason, at))) return;
  await failOpenDeliveries(ctx.db.kysely, hook.id, `The webhook was disabled (${reason})`, at);
  ctx.log.warn({ webhookId: hook.id, reason }, 'webhook disabled');
  if (reason === 'failing') await tellWebhookDisabled(ctx, hook, ownerOf(hook));
}

