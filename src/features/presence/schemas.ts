import { Type } from '@sinclair/typebox';
import { DateTime, ref, UserSummary } from '../../http/schemas.js';

// Presence on documents: who else has it open, seen in the last 60 seconds.

export const HeartbeatBody = Type.Union([Type.Object({ editing: Type.Optional(Type.Boolean({ description: 'Whether the caller is editing (default false)' })) }, { additionalProperties: false }), Type.Null()], {
  description: 'Optional: send no body for a reader, or { "editing": true } while editing',
  examples: [{ editing: true }],
});

export const PresenceList = Type.Object(
  {
    present: Type.Array(
      Type.Object({
        user: ref(UserSummary),
        editing: Type.Boolean(),
        lastSeenAt: DateTime({ description: 'Their last heartbeat' }),
      }),
      { description: 'Everyone seen on the document in the last 60 seconds, on any instance, most recently seen first' },
    ),
  },
  { $id: 'DocumentPresence', description: 'Who is on a document now' },
);
