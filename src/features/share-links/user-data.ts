import type { AppContext } from '../../runtime/context.js';
import type { ArchiveFile, UserDataPart } from '../../runtime/module.js';
import { countUserLinks, deleteUserLinks, userLinks } from './queries.js';

// A user's share links go with their items and with the user. A list's links go with the list
// (a cascading foreign key: the purge's `lists` category deletes lists), and every link with its
// owner's account (share_links.user_id cascades). Documents are tombstoned, not deleted, so the
// purge's `documents` category takes their links here, before the documents' own part. The
// archive lists the links (share-links.json), never their tokens, which are not kept.

async function* linkFiles(ctx: AppContext, userId: string): AsyncGenerator<ArchiveFile> {
  const links = await userLinks(ctx.db.kysely, userId);
  if (links.length === 0) return;
  const entries = links.map((l) => ({
    id: l.id,
    item: l.list_id !== null ? { kind: 'list', id: l.list_id, title: l.item_title } : { kind: 'document', id: l.document_id, title: l.item_title },
    access: l.access,
    expiresAt: l.expires_at,
    createdAt: l.created_at,
    lastUsedAt: l.last_used_at,
  }));
  yield { path: 'share-links.json', content: `${JSON.stringify(entries, null, 2)}\n` };
}

export const shareLinksPart: UserDataPart = {
  key: 'documentShareLinks',
  category: 'documents',
  // Before the documents part (order 200).
  order: 210,
  covers: ['share_links.user_id'],
  count: (ctx, userId) => countUserLinks(ctx.db.kysely, userId, 'document'),
  removeBatch: async (_ctx, trx, userId, limit) => ({ removed: await deleteUserLinks(trx, userId, 'document', limit), blobKeys: [] }),
  exportFiles: linkFiles,
};
