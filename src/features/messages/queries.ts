import type { Kysely } from 'kysely';
import { toBool } from '../../db/dialect.js';
import type { Database } from '../../db/types.js';
import { visibleTo, type Viewer } from './visibility.js';

// The one read shape of messages: a message with its author, dig count, reply count and the
// viewer's dig state, in one query per page (correlated subqueries on indexed columns), plus one
// query for the messages a page pushes. A page costs a fixed number of queries whatever its size.

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
      eb
        .selectFrom('messages as r')
        .select(eb.fn.countAll().as('n'))
        .whereRef('r.parent_id', '=', 'messages.id')
        .where('r.published_at', 'is not', null)
        .as('reply_count'),
      viewerId === null ?
        eb.val(false).as('dug_by_me')
      : eb.exists(eb.selectFrom('digs as d').select('d.user_id').whereRef('d.message_id', '=', 'messages.id').where('d.user_id', '=', viewerId)).as('dug_by_me'),
    ]);
}

export type MessageSelectRow = Awaited<ReturnType<ReturnType<typeof messageSelect>['execute']>>[number];

export interface LoadedMessage {
  row: MessageSelectRow;
  pushed: MessageSelectRow | null;
}

/** Attaches the pushed messages of a page (those the viewer may read) in one query. */
export async function withPushed(db: Kysely<Database>, viewer: Viewer, rows: MessageSelectRow[]): Promise<LoadedMessage[]> {
  const ids = [...new Set(rows.map((r) => r.pushed_message_id).filter((id): id is string => id !== null))];
  const pushed =
    ids.length === 0 ? [] : await messageSelect(db, viewer?.id ?? null).where('messages.id', 'in', ids).where(visibleTo(viewer)).execute();
  const byId = new Map(pushed.map((p) => [p.id, p]));
  return rows.map((row) => ({ row, pushed: row.pushed_message_id ? (byId.get(row.pushed_message_id) ?? null) : null }));
}

/** Counts of a select come back as strings from PostgreSQL. */
export const count = (v: unknown) => Number(v ?? 0);
export const bool = (v: unknown) => toBool(v as never);
