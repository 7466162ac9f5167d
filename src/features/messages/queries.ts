import type { Kysely } from 'kysely';
import { toBool } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { visibleTo, type Viewer } from '../visibility/service.js';

// The one read shape of messages: a message with its author, dig count and the viewer's dig
// state, in one query per page (correlated subqueries on indexed columns), plus one query for the
// messages a page pushes and one for the reply counts. A page costs a fixed number of queries
// whatever its size.

/** A select of messages with everything the presenter needs; add where/order/limit. */
export function messageSelect(db: Kysely<Database>, viewerId: string | null) {
  return db
    .selectFrom('messages')
    .innerJoin('users', 'users.id', 'messages.user_id')
    .select([
      'messages.id',
      'messages.user_id',
      'messages.content',
      'messages.publicly_visible',
      'messages.tags',
      'messages.parent_id',
      'messages.orphaned_parent_id',
      'messages.pushed_message_id',
      'messages.image_urls',
      'messages.video_urls',
      'messages.scheduled_at',
      'messages.published_at',
      'messages.created_at',
      'messages.updated_at',
      'users.username',
      'users.display_name',
      'users.avatar',
    ])
    .select((eb) => [
      eb.selectFrom('digs').select(eb.fn.countAll().as('n')).whereRef('digs.message_id', '=', 'messages.id').as('dig_count'),
      viewerId === null ?
        eb.val(false).as('dug_by_me')
      : eb.exists(eb.selectFrom('digs as d').select('d.user_id').whereRef('d.message_id', '=', 'messages.id').where('d.user_id', '=', viewerId)).as('dug_by_me'),
    ]);
}

export type MessageSelectRow = Awaited<ReturnType<ReturnType<typeof messageSelect>['execute']>>[number];

export type CountedRow = MessageSelectRow & { reply_count: number };

export interface LoadedMessage {
  row: CountedRow;
  pushed: CountedRow | null;
}

/**
 * Completes a page: the pushed messages the viewer may read (one query), and for every message
 * of the page and every pushed one the number of replies the viewer may read (one grouped query,
 * with the same visibility fragment, so a count never reveals a reply the viewer cannot see).
 */
export async function withPushed(db: Kysely<Database>, viewer: Viewer, rows: MessageSelectRow[]): Promise<LoadedMessage[]> {
  const ids = [...new Set(rows.map((r) => r.pushed_message_id).filter((id): id is string => id !== null))];
  const pushed =
    ids.length === 0 ? [] : await messageSelect(db, viewer?.id ?? null).where('messages.id', 'in', ids).where(visibleTo(viewer)).execute();
  const parents = [...new Set([...rows, ...pushed].map((r) => r.id))];
  const counts =
    parents.length === 0 ?
      []
    : await db
        .selectFrom('messages')
        .select(['messages.parent_id', (eb) => eb.fn.countAll().as('n')])
        .where('messages.parent_id', 'in', parents)
        .where('messages.published_at', 'is not', null)
        .where(visibleTo(viewer))
        .groupBy('messages.parent_id')
        .execute();
  const replies = new Map(counts.map((c) => [c.parent_id, Number(c.n)]));
  const counted = (r: MessageSelectRow): CountedRow => ({ ...r, reply_count: replies.get(r.id) ?? 0 });
  const byId = new Map(pushed.map((p) => [p.id, counted(p)]));
  return rows.map((row) => ({ row: counted(row), pushed: row.pushed_message_id ? (byId.get(row.pushed_message_id) ?? null) : null }));
}

/** Counts of a select come back as strings from PostgreSQL. */
export const count = (v: unknown) => Number(v ?? 0);
export const bool = (v: unknown) => toBool(v as never);

// ---- purge (user-data.ts) ----

/** At most `limit` ids of the user's messages, newest first (a reply before what it answers). */
export async function newestMessageIdsOf(db: Kysely<Database>, userId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('messages').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Other users' replies to these messages keep their parent only as orphaned_parent_id (it reads as gone). */
export async function orphanRepliesOf(db: Kysely<Database>, ids: readonly string[], userId: string): Promise<void> {
  await db
    .updateTable('messages')
    .set((eb) => ({ orphaned_parent_id: eb.ref('parent_id'), parent_id: null }))
    .where('parent_id', 'in', ids)
    .where('user_id', '<>', userId)
    .execute();
}

export async function deleteMessages(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('messages').where('id', 'in', ids).execute();
}

/** Reports the user resolved stay; who resolved them is forgotten. */
export async function forgetReportResolver(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable('message_reports').set({ resolved_by: null }).where('resolved_by', '=', userId).execute();
}
