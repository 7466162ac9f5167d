import type { AppContext } from '../../runtime/context.js';
import { requireRole } from '../sharing/index.js';
import type { ItemRef } from './queries.js';

// Who may manage an item's share links (create, list, revoke): its owner only, not its
// collaborators, as the access module answers it: no access at all is the item's 404, a
// collaborator 403 `forbidden`.

export async function assertManages(ctx: AppContext, userId: string, item: ItemRef): Promise<void> {
  await requireRole(ctx.db.kysely, item.kind, userId, item.id, 'owner');
}
