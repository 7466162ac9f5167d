import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isoNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { deleteFolders, findOwnFolder, folderParents, foldersOf, insertFolder, updateFolderFields, type FolderRecord, type Tx } from './queries/index.js';

// List folders: the caller's own, soft-deleted.

/** The caller's folder, or 404 (not found and not yours are the same). */
export async function ownFolder(db: Tx, userId: string, id: string): Promise<FolderRecord> {
  const f = await findOwnFolder(db, userId, id);
  if (!f) throw notFound('Folder not found');
  return f;
}

export async function listFolders(ctx: AppContext, userId: string): Promise<FolderRecord[]> {
  return foldersOf(ctx.db.kysely, userId);
}

export async function createFolder(ctx: AppContext, userId: string, input: { name: string; parentId?: string | null }): Promise<FolderRecord> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (input.parentId) await ownFolder(trx, userId, input.parentId);
    const folder = { id: newId(), name: input.name, parent_id: input.parentId ?? null, created_at: isoNow(ctx.clock) };
    await insertFolder(trx, userId, folder);
    return folder;
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
    await updateFolderFields(trx, id, patch, isoNow(ctx.clock));
    return ownFolder(trx, userId, id);
  });
}

/** Soft-deletes a folder and its subfolders; their lists move to the root. */
export async function deleteFolder(ctx: AppContext, userId: string, id: string): Promise<void> {
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await ownFolder(trx, userId, id);
    const all = await folderParents(trx, userId);
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
    await deleteFolders(trx, [...doomed], isoNow(ctx.clock));
  });
}
