import { toBool } from '../../db/dialect.js';
import type { AttemptRow, DeliveryRow, WebhookRow } from './queries.js';

// Database rows to the wire shapes of docs/web-client.md. Never the secret.

export function presentWebhook(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    status: toBool(row.enabled) ? ('enabled' as const) : ('disabled' as const),
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    status: row.status as 'pending' | 'retrying' | 'succeeded' | 'failed',
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.next_attempt_at,
    redelivery: toBool(row.redelivery),
    createdAt: row.created_at,
  };
}

export function presentDeliveryDetail(row: DeliveryRow, attempts: readonly AttemptRow[]) {
  return {
    delivery: { ...presentDelivery(row), body: row.body },
    attempts: attempts.map((a) => ({ attemptedAt: a.attempted_at, statusCode: a.status_code, durationMs: a.duration_ms, error: a.error, response: a.response_body })),
  };
}
