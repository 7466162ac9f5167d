import type { AppContext } from '../../runtime/context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, notFound } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { assertNotBlocked } from '../blocks/service.js';
import { visibleUser } from '../visibility/service.js';
import { userByUsername } from '../users/service.js';
import { claimUploads, mediaUrl, releaseUploads } from '../media/service.js';
import {
  conversationPage,
  conversationPartners,
  deleteSentMessage,
  insertDirectMessage,
  markReadFrom,
  messagesAt,
  unreadCounts,
  userSummaries,
  userSummary,
} from './queries.js';

// Direct messages: between two users who do not block each other;
// a conversation is every message between the caller and one other user.

export async function sendDirectMessage(ctx: AppContext, sender: UserRow, body: { recipient: string; content: string; imageUrls?: string[] }) {
  const recipient = await userByUsername(ctx, body.recipient);
  if (recipient.id === sender.id) throw badRequest('You cannot send a direct message to yourself', 'cannot_message_self');
  await assertNotBlocked(ctx, sender.id, recipient.id);
  if (body.content.trim() === '') throw badRequest('content must not be blank', 'invalid_message');
  const id = newId();
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    // Images: the sender's own uploads, not attached elsewhere (400 invalid_media otherwise).
    const uploads = await claimUploads(ctx, trx, sender.id, body.imageUrls ?? [], { kind: 'image', max: 4, attachTo: `direct_message:${id}` });
    const values = {
      id,
      sender_id: sender.id,
      recipient_id: recipient.id,
      content: body.content,
      image_urls: JSON.stringify(uploads.map((u) => mediaUrl(ctx, u))),
      created_at: ctx.clock.now().toISOString(),
      read_at: null,
    };
    await insertDirectMessage(trx, values);
    return values;
  });
  return { row, sender, recipient };
}

type Summary = Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar'>;

/** The caller's conversations, the most recent first, each with its last message and unread count. */
export async function listConversations(ctx: AppContext, me: string, limit: number, offset: number) {
  const db = ctx.db.kysely;
  const { rows: pageRows, total } = await conversationPartners(db, me, limit, offset);
  const ids = pageRows.map((p) => p.partner_id);
  const [users, lasts, unread] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          userSummaries(db, ids),
          // The newest message of each conversation on the page (ties broken by id, below).
          messagesAt(db, me, ids, [...new Set(pageRows.map((p) => p.last_at as string))]),
          unreadCounts(db, me, ids),
        ]);
  const userById = new Map<string, Summary>(users.map((u) => [u.id, u]));
  const lastByPartner = new Map<string, (typeof lasts)[number]>();
  const lastAt = new Map(pageRows.map((p) => [p.partner_id, p.last_at as string]));
  for (const m of lasts) {
    const partner = m.sender_id === me ? m.recipient_id : m.sender_id;
    if (m.created_at === lastAt.get(partner) && !lastByPartner.has(partner)) lastByPartner.set(partner, m);
  }
  const unreadBy = new Map(unread.map((u) => [u.sender_id, Number(u.n)]));
  const mine = await userSummary(db, me);
  const conversations = ids.map((id) => {
    const last = lastByPartner.get(id)!;
    const other = userById.get(id)!;
    return {
      user: other,
      lastMessage: { row: last, sender: last.sender_id === me ? mine : other, recipient: last.sender_id === me ? other : mine },
      unreadCount: unreadBy.get(id) ?? 0,
    };
  });
  return { conversations, pagination: page(conversations, total, limit, offset) };
}

/** One conversation, newest first; marks the caller's received messages in it read. */
export async function readConversation(ctx: AppContext, me: UserRow, username: string, limit: number, offset: number) {
  // Blocked either way: the other is absent, as is their profile.
  const { user: other } = await visibleUser(ctx, me.id, username);
  const { rows, total } = await conversationPage(ctx.db.kysely, me.id, other.id, limit, offset);
  await markReadFrom(ctx.db.kysely, me.id, other.id, ctx.clock.now().toISOString());
  const messages = rows.map((row) => ({ row, sender: row.sender_id === me.id ? me : other, recipient: row.sender_id === me.id ? other : me }));
  return { messages, pagination: page(rows, total, limit, offset) };
}

/** Deletes one of the caller's own sent messages; anything else is 404. */
export async function deleteDirectMessage(ctx: AppContext, me: string, id: string): Promise<void> {
  if ((await deleteSentMessage(ctx.db.kysely, me, id)) === 0) throw notFound('Direct message not found');
  // After the delete has committed: its images go with it.
  await releaseUploads(ctx, `direct_message:${id}`);
}
