import type { AppContext } from '../../runtime/context.js';
import { ownDocument } from '../documents/service.js';
import { getList } from '../lists/service.js';
import type { ItemRef } from './queries.js';

// Who may manage an item's share links (create, list, revoke): its owner only (CONTRACT, Sharing
// and collaboration). Anyone else gets the item's own 404, as for any id not theirs. The one place
// this is decided: the access module's "may manage sharing" answer takes its place.

export async function assertManages(ctx: AppContext, userId: string, item: ItemRef): Promise<void> {
  await (item.kind === 'list' ? getList(ctx, userId, item.id) : ownDocument(ctx, userId, item.id));
}
