import { Type } from '@sinclair/typebox';
import { EmailField } from '../users/index.js';

// Request schemas of blog subscriptions. Bodies are closed and every
// string bounded; the answers are the shared `{ message }`.

const strict = { additionalProperties: false } as const;

export const SubscribeBody = Type.Object({ email: EmailField }, { ...strict, examples: [{ email: 'reader@example.org' }] });

export const ConfirmBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 256, description: 'The token from the confirmation e-mail' }) },
  { ...strict, examples: [{ token: '3f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a8c0e1b3d5f7a9c1e5b2d4f6a' }] },
);

export const UnsubscribeQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 1000, description: 'The token of the unsubscribe link' }) });
