import { toListRecord, type ListRecord } from './lists.js';
import type { Tx } from './tx.js';

// What the public reads look up by a username (its `username_key`, the users feature's form).

export interface Owner {
  username: string;
  display_name: string;
}

export async function findUserByKey(db: Tx, usernameKey: string): Promise<(Owner & { id: string }) | undefined> {
  return db.selectFrom('users').select(['id', 'username', 'display_name']).where('username_key', '=', usernameKey).executeTakeFirst();
}

/** The list if it is public and that user's, with its owner: one query. */
export async function findPublicList(db: Tx, usernameKey: string, listId: string): Promise<{ list: ListRecord; owner: Owner } | undefined> {
  const row = await db
    .selectFrom('lists')
    .innerJoin('users', 'users.id', 'lists.user_id')
    .selectAll('lists')
    .select(['users.username as owner_username', 'users.display_name as owner_display_name'])
    .where('lists.id', '=', listId)
    .where('users.username_key', '=', usernameKey)
    .where('lists.is_public', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  const { owner_username, owner_display_name, ...fields } = row;
  return { list: toListRecord(fields), owner: { username: owner_username, display_name: owner_display_name } };
}
