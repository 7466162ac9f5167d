import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { Tx } from './store.js';

// List folders: the caller's own, soft-deleted.

export interface FolderRecord {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
}

async function ownFolder(db: Tx, userId: string, id: string): Promise<FolderRecord> {
  const f = await db
    .selectFrom('list_folders')
    .select(['id', 'name', 'parent_id', 'created_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!f) throw notFound('Folder not found');
  return f;
}

export async function listFolders(ctx: AppContext, userId: string): Promise<FolderRecord[]> {
  return ctx.db.kysely
    .selectFrom('list_folders')
    .select(['id', 'name', 'parent_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function createFolder(ctx: AppContext, userId: string, input: { name: string; parentId?: string | null }): Promise<FolderRecord> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (input.parentId) await ownFolder(trx, userId, input.parentId);
    const now = isoNow(ctx.clock);
    const folder = { id: newId(), user_id: userId, name: input.name, parent_id: input.parentId ?? null, created_at: now, updated_at: now, deleted_at: null };
    await trx.insertInto('list_folders').values(folder).execute();
    return { id: folder.id, name: folder.name, parent_id: folder.parent_id, created_at: now };
  });
}

export async function updateFolder(ctx: AppContext, userId: string, id: string, patch: { name?: string; parentId?: string | null }): Promise<FolderRecord> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await ownFolder(trx, userId, id);
    if (patch.parentId) {
      // A folder cannot move under itself or one of its descendants.
      let cursor: string | null = patch.parentId;
      while (cursor) {
        if (cursor === id) throw badRequest('A folder cannot be moved into itself or one of its subfolders');
        cursor = (await ownFolder(trx, userId, cursor)).parent_id;
      }
    }
    await trx
      .updateTable('list_folders')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
        updated_at: isoNow(ctx.clock),
      })
      .where('id', '=', id)
      .execute();
    return ownFolder(trx, userId, id);
  });
}

/** Soft-deletes a folder and its subfolders; their lists move to the root. */
export async function deleteFolder(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await ownFolder(trx, userId, id);
    const all = await trx.selectFrom('list_folders').select(['id', 'parent_id']).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
    const doomed = new Set([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const f of all) {
        if (f.parent_id && doomed.has(f.parent_id) && !doomed.has(f.id)) {
          doomed.add(f.id);
          grew = true;
        }
      }
    }
    const now = isoNow(ctx.clock);
    await trx.updateTable('list_folders').set({ deleted_at: now, updated_at: now }).where('id', 'in', [...doomed]).execute();
    await trx.updateTable('lists').set({ folder_id: null }).where('folder_id', 'in', [...doomed]).execute();
  });
}
