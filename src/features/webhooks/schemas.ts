import { Type, type TSchema } from '@sinclair/typebox';
import { Paged, pageQuery } from '../../http/pagination.js';
import { DateTime, Id, Nullable, ref, StringEnum } from '../../http/schemas.js';

// Request and response schemas of the webhooks (docs/web-client.md).

export const DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;

const EventFilters = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: 'Event types (`list.row.created`) or prefixes (`list.*`), 1 to 50; an unknown one: 422 unknown_event_type',
});
// The length rule is the contract's 422 invalid_webhook_url, not a schema 400.
const Url = Type.String({ minLength: 1, description: 'https (http only for ALLOWED_PRIVATE_ADDRESSES), no user info, at most 2048 characters, not resolving to a private address' });
const Description = Nullable(Type.String({ maxLength: 500 }));

export const CreateWebhookBody = Type.Object(
  { url: Url, events: EventFilters, description: Type.Optional(Description) },
  { additionalProperties: false, examples: [{ url: 'https://hooks.example.com/social-lists', events: ['list.*', 'message.created'], description: 'Sync to our CRM' }] },
);
export const UpdateWebhookBody = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(EventFilters), description: Type.Optional(Description), enabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, examples: [{ events: ['list.row.*'], enabled: true }] },
);

export const Webhook = Type.Object(
  {
    id: Type.String(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Nullable(Type.String()),
    status: StringEnum(['enabled', 'disabled']),
    disabledReason: Nullable(Type.String({ description: '`gone` (the receiver answered 410), `failing` (no success for 72 hours and 15 failed attempts in a row), or null (enabled, or turned off by its owner)' })),
    failingSince: Nullable(DateTime({ description: 'When the current run of failed attempts began' })),
    createdAt: DateTime(),
    updatedAt: DateTime(),
  },
  { $id: 'Webhook', description: 'A webhook (never its secret)' },
);

const Secret = Type.String({ description: '`whsec_` + base64 of 32 random bytes: shown in this answer only' });
export const CreatedWebhook = Type.Object({ webhook: ref(Webhook), secret: Secret });
export const WebhookResult = Type.Object({ webhook: ref(Webhook) });
export const WebhookList = Type.Object({ webhooks: Type.Array(ref(Webhook)) });
export const SecretResult = Type.Object({ secret: Secret });

export const Delivery = Type.Object(
  {
    id: Type.String(),
    eventId: Type.String({ description: 'The event id: the `webhook-id` header of every attempt' }),
    type: Type.String(),
    status: StringEnum(DELIVERY_STATUSES),
    attempts: Type.Integer({ minimum: 0 }),
    lastStatusCode: Nullable(Type.Integer()),
    lastError: Nullable(Type.String()),
    nextAttemptAt: Nullable(DateTime()),
    redelivery: Type.Boolean(),
    createdAt: DateTime(),
  },
  { $id: 'WebhookDelivery', description: 'One event sent to one webhook' },
);

const Attempt = Type.Object({
  attemptedAt: DateTime(),
  statusCode: Nullable(Type.Integer({ description: 'null: no answer (refused, timed out, unreachable)' })),
  durationMs: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String()),
  response: Nullable(Type.String({ description: 'The first 4 KiB of the answer' })),
});

export const DeliveryDetail = Type.Object(
  {
    delivery: Type.Object({ ...Delivery.properties, body: Type.String({ description: 'The exact body sent, every attempt' }) }),
    attempts: Type.Array(Attempt, { description: 'Each attempt, oldest first' }),
  },
  { description: 'A delivery with its body and attempts' },
);
export const DeliveryResult = Type.Object({ delivery: ref(Delivery) });
export const DeliveryPage = Paged({ deliveries: Type.Array(ref(Delivery)) }, 'Deliveries, newest first');
export const DeliveryQuery = pageQuery({ status: Type.Optional(StringEnum(DELIVERY_STATUSES)), type: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) });

export const WebhookParams = Type.Object({ id: Id });
export const DeliveryParams = Type.Object({ id: Id, deliveryId: Id });

export const WEBHOOK_COMPONENTS: TSchema[] = [Webhook, Delivery];
