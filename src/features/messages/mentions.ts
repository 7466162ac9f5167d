import type { SqlBool } from 'kysely';
import type { AppContext } from '../../runtime/context.js';
import { canRead } from '../visibility/service.js';
import { userIdsByUsernameKeys } from './queries.js';

// Mentions: `@username` (letters, digits, `_`, case-insensitive) naming an
// existing user. When a message is published, the `mention` event fires once per mentioned user
// who can read it, never for its author. The `publish` event fires for every published message.

const MENTION_RE = /(?<![A-Za-z0-9_])@([A-Za-z0-9_]{1,30})(?![A-Za-z0-9_])/g;

export function mentionedUsernames(content: string): string[] {
  return [...new Set([...content.matchAll(MENTION_RE)].map((m) => m[1].toLowerCase()))].slice(0, 50);
}

export interface PublishedMessage {
  id: string;
  user_id: string;
  content: string;
  publicly_visible: SqlBool;
}

/** Reports `publish` and the mentions of messages that have just become visible. */
export async function announcePublished(ctx: AppContext, messages: PublishedMessage[], scheduled: boolean): Promise<void> {
  const db = ctx.db.kysely;
  for (const m of messages) {
    ctx.events.emit('publish', { messageId: m.id, authorId: m.user_id, scheduled });
    const names = mentionedUsernames(m.content);
    if (names.length === 0) continue;
    for (const userId of await userIdsByUsernameKeys(db, names)) {
      if (userId === m.user_id) continue;
      const readable = await canRead(db, userId, { user_id: m.user_id, published_at: 'published', publicly_visible: m.publicly_visible });
      if (readable) ctx.events.emit('mention', { messageId: m.id, mentionedUserId: userId, actorId: m.user_id });
    }
  }
}
