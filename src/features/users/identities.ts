import type { AppContext } from '../../runtime/context.js';
import { identitiesOf } from './queries.js';

/** The provider identities linked to a user, oldest first. */
export async function listIdentities(ctx: AppContext, userId: string) {
  return identitiesOf(ctx.db.kysely, userId);
}
