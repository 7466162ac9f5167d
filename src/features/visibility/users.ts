import { toBool } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import type { AppContext } from '../../runtime/context.js';
import { userNotFound } from '../../http/errors.js';
import { blockedEitherWay } from '../blocks/service.js';
import { userByUsername } from '../users/service.js';
import { follows } from './queries.js';

// Who may see a user: the profile rule every path that shows one user applies (the profile, their
// timeline, a conversation with them). Blocked either way, the user is absent: the same 404 as an
// unknown one. A private account's bio is for itself and its followers only.

export interface VisibleUser {
  user: UserRow;
  /** Whether the viewer follows the user (false for anonymous viewers and for the user themself). */
  viewerFollows: boolean;
  /** Whether the viewer may read the bio: a public account, the account itself, or a follower. */
  mayReadBio: boolean;
}

export async function visibleUser(ctx: Pick<AppContext, 'db'>, viewerId: string | null, username: string): Promise<VisibleUser> {
  const db = ctx.db.kysely;
  const user = await userByUsername(ctx, username);
  const self = viewerId === user.id;
  // Not with oneself: blockedEitherWay answers that without a lookup.
  if (viewerId !== null && (await blockedEitherWay(db, viewerId, user.id))) throw userNotFound();
  const viewerFollows = viewerId !== null && !self && (await follows(db, viewerId, user.id));
  return { user, viewerFollows, mayReadBio: !toBool(user.is_private) || self || viewerFollows };
}
