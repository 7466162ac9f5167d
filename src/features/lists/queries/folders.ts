import type { Tx } from './tx.js';

// List folders: the caller's own; deleting one only marks it (soft delete).

export interface FolderRecord {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
}

const FOLDER_FIELDS = ['id', 'name', 'parent_id', 'created_at'] as const;

export async function findOwnFolder(db: Tx, userId: string, id: string): Promise<FolderRecord | undefined> {
  return db.selectFrom('list_folders').select(FOLDER_FIELDS).where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The user's folders that are not deleted, by name. */
export async function foldersOf(db: Tx, userId: string): Promise<FolderRecord[]> {
  return db.selectFrom('list_folders').select(FOLDER_FIELDS).where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('name').orderBy('id').execute();
}

/** The tree of the user's folders that are not deleted: each one's parent. */
export async function folderParents(db: Tx, userId: string): Promise<{ id: string; parent_id: string | null }[]> {
  return db.selectFrom('list_folders').select(['id', 'parent_id']).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
}

export async function insertFolder(db: Tx, userId: string, folder: FolderRecord): Promise<void> {
  await db.insertInto('list_folders').values({ ...folder, user_id: userId, updated_at: folder.created_at, deleted_at: null }).execute();
}

/** Sets the name and parent given (and updated_at): Kysely leaves the undefined ones out. */
export async function updateFolderFields(db: Tx, id: string, fields: { name?: string; parentId?: string | null }, now: string): Promise<void> {
  await db.updateTable('list_folders').set({ name: fields.name, parent_id: fields.parentId, updated_at: now }).where('id', '=', id).execute();
}

/** Marks folders deleted and moves their lists to the root. */
export async function deleteFolders(db: Tx, ids: string[], now: string): Promise<void> {
  await db.updateTable('list_folders').set({ deleted_at: now, updated_at: now }).where('id', 'in', ids).execute();
  await db.updateTable('lists').set({ folder_id: null }).where('folder_id', 'in', ids).execute();
}
