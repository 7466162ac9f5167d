import { Type } from '@sinclair/typebox';
import { Paged } from '../../http/pagination.js';
import { DateTime, Nullable, ref, Username, UserSummary } from '../../http/schemas.js';

// Direct messages.

export const DirectMessage = Type.Object(
  {
    id: Type.String(),
    sender: ref(UserSummary),
    recipient: ref(UserSummary),
    content: Type.String(),
    imageUrls: Type.Array(Type.String()),
    createdAt: DateTime(),
    readAt: Nullable(DateTime({ description: 'When the recipient read it; null while unread' })),
  },
  { $id: 'DirectMessage', description: 'A direct message between two users' },
);

export const SendDirectMessage = Type.Object(
  {
    recipient: { ...Username, description: 'The recipient’s username' },
    content: Type.String({ minLength: 1, maxLength: 5000 }),
    imageUrls: Type.Optional(Type.Array(Type.String({ maxLength: 2048 }), { maxItems: 4, description: 'Up to 4 of your own uploads (image upload endpoint)' })),
  },
  { additionalProperties: false, examples: [{ recipient: 'alice', content: 'Hello!' }] },
);

export const DirectMessageEnvelope = Type.Object({ directMessage: ref(DirectMessage) }, { description: 'The sent message' });

export const Conversation = Type.Object(
  { user: ref(UserSummary), lastMessage: ref(DirectMessage), unreadCount: Type.Integer({ minimum: 0 }) },
  { $id: 'Conversation', description: 'The caller’s messages with one other user' },
);

export const ConversationPage = Paged({ conversations: Type.Array(ref(Conversation)) }, 'Conversations, the most recent first');

export const DirectMessagePage = Paged({ messages: Type.Array(ref(DirectMessage)) }, 'Messages of one conversation, newest first');

export const DIRECT_MESSAGE_COMPONENTS = [DirectMessage, Conversation];
