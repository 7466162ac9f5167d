import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, ref } from '../../http/schemas.js';

// The event log's HTTP shapes (docs/events.md).

export const EventEnvelopeSchema = Type.Object(
  {
    id: Type.String({ description: 'Unique across the service (`evt_…`): a receiver’s idempotency key' }),
    type: Type.String({ description: 'The event type (`message.created`, `list.row.updated`…); ignore types you do not know' }),
    seq: Type.Integer({ description: 'Its place in your stream: only grows, without gaps a reader could skip' }),
    timestamp: DateTime({ description: 'When it was written' }),
    actor: Nullable(Type.Object({ id: Type.String(), username: Type.String() }, { description: 'Who acted; null for the service itself or an account that is gone' })),
    data: Type.Record(Type.String(), Type.Unknown(), { description: 'Thin: ids and the few fields that tell whether to fetch (`messageId`, `listId`, `rowId`, `documentId`, `revision`…); a tombstone has `deletedAt` and `reason`' }),
  },
  { $id: 'EventEnvelope', description: 'One event of your stream (the live stream’s `data:` line and a webhook body alike)' },
);

export const EventsQuery = Type.Object({
  after: Type.String({ description: 'The last seq you have (`0`: from the oldest retained)', maxLength: 20 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  types: Type.Optional(Type.String({ maxLength: 2000, description: 'A comma list of types; a trailing `.*` matches a prefix (`list.*`)' })),
});

export const EventsPage = Type.Object(
  {
    events: Type.Array(ref(EventEnvelopeSchema)),
    seq: Type.Integer({ description: 'The last seq returned, or `after`: the next pull’s `after`' }),
    headSeq: Type.Integer({ description: 'The newest seq of your stream' }),
    oldestSeq: Type.Integer({ description: 'The oldest retained seq' }),
    hasMore: Type.Boolean({ description: 'More events (of these types) follow: pull again from `seq`' }),
  },
  { $id: 'EventsPage', description: 'Your events after a cursor, in seq order' },
);

export const StreamQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 20, description: 'The cursor for clients that cannot set `Last-Event-ID`' })),
});

export const EVENTS_COMPONENTS = [EventEnvelopeSchema, EventsPage];
