import type { OAuthProvider } from '../../config.js';
import { conflict, notFound } from '../../http/errors.js';
import type { AppContext } from '../../runtime/types.js';
import { loadCredentials } from './credentials.js';
import { signInProvider } from './providers/index.js';
import { deleteIdentity, identitiesOf, identityOfUser, networkCTargetsOf, signInMethods } from './queries.js';

// Linked identities as their owner sees them: listed, unlinked (with revocation at the provider).

/** The provider identities linked to a user, oldest first. */
export async function listIdentities(ctx: AppContext, userId: string) {
  return identitiesOf(ctx.db.kysely, userId);
}

/**
 * Unlinks one of the user's identities (another's: 404), after revoking its token where the
 * provider can. An account whose only way to sign in it is keeps it: 409 last_sign_in_method.
 * A revocation that fails is logged and the unlink goes on: the user asked to be disconnected.
 */
export async function unlinkIdentity(ctx: AppContext, userId: string, identityId: string): Promise<void> {
  const db = ctx.db.kysely;
  const identity = await identityOfUser(db, userId, identityId);
  if (!identity) throw notFound('Identity not found', 'identity_not_found');
  const methods = await signInMethods(db, userId);
  if (!methods.password && methods.identities <= 1) {
    throw conflict('This identity is the only way to sign in to the account: set a password or link another first', 'last_sign_in_method');
  }
  const provider = signInProvider(identity.provider as OAuthProvider);
  if (provider?.revoke) {
    const creds = await loadCredentials(ctx, identityId);
    if (creds?.tokens || creds?.session) {
      try {
        await provider.revoke(ctx, creds);
      } catch (err) {
        ctx.log.warn({ provider: identity.provider, identityId, reason: (err as Error).message }, 'token revocation at unlink failed');
      }
    }
  }
  await deleteIdentity(db, identityId);
}

/** The networkC authors the user can post as (GET /api/user/networkC/targets). */
export async function networkCTargets(ctx: AppContext, userId: string) {
  return networkCTargetsOf(ctx.db.kysely, userId);
}
