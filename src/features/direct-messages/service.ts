import type { AppContext } from '../../runtime/context.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, notFound } from '../../http/errors.js';
import { page } from '../../http/pagination.js';
import { newId } from '../../lib/ids.js';
import { assertNotBlocked } from '../blocks/service.js';
import { visibleUser } from '../visibility/service.js';
import { userByUsername } from '../users/service.js';
import { claimUploads, mediaUrl, releaseUploads } from '../media/service.js';

// Direct messages: between two users who do not block each other;
// a conversation is every message between the caller and one other user.

const USER_COLUMNS = ['id', 'username', 'display_name', 'avatar'] as const;

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
    await trx.insertInto('direct_messages').values(values).execute();
    return values;
  });
  return { row, sender, recipient };
}

type Summary = Pick<UserRow, (typeof USER_COLUMNS)[number]>;

/** The caller's conversations, the most recent first, each with its last message and unread count. */
export async function listConversations(ctx: AppContext, me: string, limit: number, offset: number) {
  const db = ctx.db.kysely;
  // One row per other user: the time of the newest message either way (both halves use an index).
  const sides = db
    .selectFrom('direct_messages')
    .select(['recipient_id as partner_id', 'created_at'])
    .where('sender_id', '=', me)
    .unionAll(db.selectFrom('direct_messages').select(['sender_id as partner_id', 'created_at']).where('recipient_id', '=', me));
  const partners = db
    .selectFrom(sides.as('s'))
    .select(['s.partner_id', (eb) => eb.fn.max('s.created_at').as('last_at')])
    .groupBy('s.partner_id');
  const hidden = (eb: any) =>
    eb.and([
      eb('p.partner_id', 'not in', eb.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', me)),
      eb('p.partner_id', 'not in', eb.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', me)),
    ]);
  const [pageRows, count] = await Promise.all([
    db
      .selectFrom(partners.as('p'))
      .select(['p.partner_id', 'p.last_at'])
      .where(hidden)
      .orderBy('p.last_at', 'desc')
      .orderBy('p.partner_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom(partners.as('p')).select((eb) => eb.fn.countAll().as('n')).where(hidden).executeTakeFirstOrThrow(),
  ]);
  const ids = pageRows.map((p) => p.partner_id);
  const [users, lasts, unread] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db.selectFrom('users').select(USER_COLUMNS).where('id', 'in', ids).execute(),
          // The newest message of each conversation on the page (ties broken by id, below).
          db
            .selectFrom('direct_messages')
            .selectAll()
            .where((eb) =>
              eb.or([
                eb.and([eb('sender_id', '=', me), eb('recipient_id', 'in', ids)]),
                eb.and([eb('recipient_id', '=', me), eb('sender_id', 'in', ids)]),
              ]),
            )
            .where('created_at', 'in', [...new Set(pageRows.map((p) => p.last_at as string))])
            .orderBy('id', 'desc')
            .execute(),
          db
            .selectFrom('direct_messages')
            .select(['sender_id', (eb) => eb.fn.countAll().as('n')])
            .where('recipient_id', '=', me)
            .where('sender_id', 'in', ids)
            .where('read_at', 'is', null)
            .groupBy('sender_id')
            .execute(),
        ]);
  const userById = new Map<string, Summary>(users.map((u) => [u.id, u]));
  const lastByPartner = new Map<string, (typeof lasts)[number]>();
  const lastAt = new Map(pageRows.map((p) => [p.partner_id, p.last_at as string]));
  for (const m of lasts) {
    const partner = m.sender_id === me ? m.recipient_id : m.sender_id;
    if (m.created_at === lastAt.get(partner) && !lastByPartner.has(partner)) lastByPartner.set(partner, m);
  }
  const unreadBy = new Map(unread.map((u) => [u.sender_id, Number(u.n)]));
  const mine = await db.selectFrom('users').select(USER_COLUMNS).where('id', '=', me).executeTakeFirstOrThrow();
  const conversations = ids.map((id) => {
    const last = lastByPartner.get(id)!;
    const other = userById.get(id)!;
    return {
      user: other,
      lastMessage: { row: last, sender: last.sender_id === me ? mine : other, recipient: last.sender_id === me ? other : mine },
      unreadCount: unreadBy.get(id) ?? 0,
    };
  });
  const total = Number(count.n);
  return { conversations, pagination: page(conversations, total, limit, offset) };
}

/** One conversation, newest first; marks the caller's received messages in it read. */
export async function readConversation(ctx: AppContext, me: UserRow, username: string, limit: number, offset: number) {
  // Blocked either way: the other is absent, as is their profile.
  const { user: other } = await visibleUser(ctx, me.id, username);
  const db = ctx.db.kysely;
  const between = (eb: any) =>
    eb.or([
      eb.and([eb('sender_id', '=', me.id), eb('recipient_id', '=', other.id)]),
      eb.and([eb('sender_id', '=', other.id), eb('recipient_id', '=', me.id)]),
    ]);
  const [rows, count] = await Promise.all([
    db.selectFrom('direct_messages').selectAll().where(between).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db.selectFrom('direct_messages').select((eb) => eb.fn.countAll().as('n')).where(between).executeTakeFirstOrThrow(),
  ]);
  await db
    .updateTable('direct_messages')
    .set({ read_at: ctx.clock.now().toISOString() })
    .where('recipient_id', '=', me.id)
    .where('sender_id', '=', other.id)
    .where('read_at', 'is', null)
    .execute();
  const total = Number(count.n);
  const messages = rows.map((row) => ({ row, sender: row.sender_id === me.id ? me : other, recipient: row.sender_id === me.id ? other : me }));
  return { messages, pagination: page(rows, total, limit, offset) };
}

/** Deletes one of the caller's own sent messages; anything else is 404. */
export async function deleteDirectMessage(ctx: AppContext, me: string, id: string): Promise<void> {
  const result = await ctx.db.kysely.deleteFrom('direct_messages').where('id', '=', id).where('sender_id', '=', me).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Direct message not found');
  // After the delete has committed: its images go with it.
  await releaseUploads(ctx, `direct_message:${id}`);
}
