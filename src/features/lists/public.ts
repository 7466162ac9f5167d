import type { AppContext } from '../../runtime/context.js';
import { notFound, userNotFound } from '../../http/errors.js';
import { usernameKey } from '../users/service.js';
import type { RowQuery } from './query.js';
import { readRows } from './service.js';
import { listColumns, loadColumnsOf, toListRecord, type ListRecord, type StoredColumn } from './store.js';

// The public reads of lists (spec: Public): only lists their owner marked public; a private or
// unknown list is 404, never 403.

export interface Owner {
  username: string;
  display_name: string;
}

async function owner(ctx: AppContext, username: string): Promise<Owner & { id: string }> {
  const u = await ctx.db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where('username_key', '=', usernameKey(username))
    .executeTakeFirst();
  if (!u) throw userNotFound();
  return u;
}

export async function publicLists(ctx: AppContext, username: string, page: { limit: number; offset: number }) {
  const u = await owner(ctx, username);
  const base = ctx.db.kysely.selectFrom('lists').where('user_id', '=', u.id).where('is_public', '=', true);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const columns = await loadColumnsOf(ctx.db.kysely, rows.map((r) => r.id));
  return { lists: rows.map((r) => ({ list: toListRecord(r), columns: columns.get(r.id)!, owner: u })), total: Number(count.n) };
}

export async function publicList(ctx: AppContext, username: string, listId: string): Promise<{ list: ListRecord; columns: StoredColumn[]; owner: Owner }> {
  // One query on the way that matters (the list is there and public); the owner alone only to
  // tell an unknown user from an unknown list.
  const row = await ctx.db.kysely
    .selectFrom('lists')
    .innerJoin('users', 'users.id', 'lists.user_id')
    .selectAll('lists')
    .select(['users.username as owner_username', 'users.display_name as owner_display_name'])
    .where('lists.id', '=', listId)
    .where('users.username_key', '=', usernameKey(username))
    .where('lists.is_public', '=', true)
    .executeTakeFirst();
  if (!row) {
    await owner(ctx, username);
    throw notFound('List not found');
  }
  const { owner_username, owner_display_name, ...fields } = row;
  const list = toListRecord(fields);
  return { list, columns: (await listColumns(ctx, ctx.db.kysely, list)).columns, owner: { username: owner_username, display_name: owner_display_name } };
}

export async function publicRows(ctx: AppContext, username: string, listId: string, query: RowQuery) {
  const { list, columns } = await publicList(ctx, username, listId);
  return readRows(ctx, list, columns, query);
}
