import type { AppContext } from '../../runtime/context.js';
import { notFound, userNotFound } from '../../http/errors.js';
import { usernameKey } from '../users/service.js';
import { listColumns } from './columns.js';
import { findPublicList, findUserByKey, listsPage, type ListRecord, type Owner, type StoredColumn } from './queries/index.js';
import { parseFilter } from './filter.js';
import { readRows, type RowRequest } from './row-pages.js';

// The public reads of lists (spec: Public): only lists their owner marked public; a private or
// unknown list is 404, never 403.

async function owner(ctx: AppContext, username: string): Promise<Owner & { id: string }> {
  const u = await findUserByKey(ctx.db.kysely, usernameKey(username));
  if (!u) throw userNotFound();
  return u;
}

export async function publicLists(ctx: AppContext, username: string, page: { limit: number; offset: number }) {
  const u = await owner(ctx, username);
  const { lists, total } = await listsPage(ctx.db.kysely, { userId: u.id, publicOnly: true }, page);
  return { lists: lists.map((l) => ({ ...l, owner: u })), total };
}

export async function publicList(ctx: AppContext, username: string, listId: string): Promise<{ list: ListRecord; columns: StoredColumn[]; owner: Owner }> {
  // One query on the way that matters (the list is there and public); the owner alone only to
  // tell an unknown user from an unknown list.
  const found = await findPublicList(ctx.db.kysely, usernameKey(username), listId);
  if (!found) {
    await owner(ctx, username);
    throw notFound('List not found');
  }
  return { ...found, columns: (await listColumns(ctx, ctx.db.kysely, found.list)).columns };
}

export async function publicRows(ctx: AppContext, username: string, listId: string, request: RowRequest) {
  const filter = parseFilter(request.filter);
  const { list, columns } = await publicList(ctx, username, listId);
  return readRows(ctx, list, columns, { ...request, filter });
}
