import type { AppContext } from '../../runtime/context.js';
import type { ArchiveFile, UserDataPart } from '../../runtime/module.js';
import { countUserLinks, deleteUserLinks, userLinks, type ItemKind } from './queries.js';

// A user's share links go with their items and with the user: the purge's `lists` category takes
// the links of the user's lists, its `documents` category those of their documents (documents are
// tombstoned, not deleted, so their links would otherwise outlive them), account deletion both.
// They run before the items' own parts, so no link outlives its item even for a moment. The
// archive lists the links (share-links.json), never their tokens, which are not kept.

function linksPart(key: string, kind: ItemKind, category: 'lists' | 'documents'): UserDataPart {
  return {
    key,
    category,
    // Before the lists and documents parts (order 200).
    order: 210,
    covers: ['share_links.user_id'],
    count: (ctx, userId) => countUserLinks(ctx.db.kysely, userId, kind),
    removeBatch: async (_ctx, trx, userId, limit) => ({ removed: await deleteUserLinks(trx, userId, kind, limit), blobKeys: [] }),
  };
}

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

export const listShareLinksPart = linksPart('listShareLinks', 'list', 'lists');
export const documentShareLinksPart: UserDataPart = { ...linksPart('documentShareLinks', 'document', 'documents'), exportFiles: linkFiles };
