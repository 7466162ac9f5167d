import type { UserDataPart } from '../../runtime/types.js';
import { countGrantsOf, deleteGrantsOf, grantsInvolving } from './queries.js';

// A user's sharing traces. Grants on the user's own items go with the items (a list's by foreign
// key, a purged document's with its tombstone); this part removes, on account deletion, the
// grants the user holds on other people's items and those they made, and puts in the archive
// what the user shares and what is shared with them. Content purge keeps grants on other
// people's items (no category): they are not the user's content.
export const sharingPart: UserDataPart = {
  key: 'sharing',
  covers: ['collaborators.user_id', 'collaborators.invited_by'],
  count: (ctx, userId) => countGrantsOf(ctx.db.kysely, userId),
  removeBatch: async (_ctx, trx, userId, limit) => ({ removed: await deleteGrantsOf(trx, userId, limit), blobKeys: [] }),
  async *exportFiles(ctx, userId) {
    const rows = await grantsInvolving(ctx.db.kysely, userId);
    const item = (r: (typeof rows)[number]) =>
      r.list_id !== null ? { kind: 'list', id: r.list_id, title: r.list_title, ownerId: r.list_owner } : { kind: 'document', id: r.document_id, title: r.document_title, ownerId: r.document_owner };
    const grant = (r: (typeof rows)[number]) => ({ item: item(r), userId: r.user_id, orgId: r.org_id, email: r.email, role: r.role, createdAt: r.created_at });
    const mine = rows.filter((r) => (r.list_owner ?? r.document_owner) === userId).map(grant);
    const withMe = rows.filter((r) => (r.list_owner ?? r.document_owner) !== userId).map(grant);
    yield { path: 'sharing.json', content: `${JSON.stringify({ sharedByMe: mine, sharedWithMe: withMe }, null, 2)}\n` };
  },
};
