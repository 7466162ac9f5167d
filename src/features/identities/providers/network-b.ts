import { IdentityUnresolvable } from '../../../adapters/networks/network-b/identity.js';
import { networkBOAuthFor, NetworkBRefreshRefused, type PendingAuthorization, type SessionBlob } from '../../../adapters/networks/network-b/oauth.js';
import { AppError, badRequest } from '../../../http/errors.js';
import type { AppContext } from '../../../runtime/types.js';
import { RefreshRefused, type Credentials, type StoredTokens } from '../credentials.js';
import type { SignInProvider } from './types.js';

// networkB (the AT Protocol) sign-in: the handle or DID is resolved to the account's PDS, whose
// authorization server gets a pushed request with the state's PKCE challenge and a new DPoP key;
// the callback exchanges the code and keeps the DPoP-bound session (its key, sealed with the
// identity) so that posts reuse it and refresh it: networkB limits sign-ins per day, so a session
// is never created again per post. The protocol work is in adapters/networks/network-b/oauth.ts.

const client = (ctx: AppContext) => networkBOAuthFor(ctx.config, ctx.outbound);

function sessionOf(creds: Credentials): { session: SessionBlob; tokens: StoredTokens } {
  if (!creds.session || !creds.tokens) throw new RefreshRefused('The networkB identity has no session: link it again');
  return { session: JSON.parse(creds.session) as SessionBlob, tokens: creds.tokens };
}

export const networkBProvider: SignInProvider = {
  provider: 'networkB',

  async authorizationUrl(ctx, input) {
    const handle = input.handle?.trim();
    if (!handle) throw badRequest('handle is required for networkB: a handle (alice.example.org) or a DID', 'bad_request');
    try {
      const { url, data } = await client(ctx).begin({ identifier: handle, state: input.state, codeChallenge: input.codeChallenge });
      return { url, data };
    } catch (err) {
      if (err instanceof IdentityUnresolvable) throw new AppError(400, err.message, 'provider_unreachable');
      throw err;
    }
  },

  async complete(ctx, input) {
    const done = await client(ctx).complete({ query: input.query, codeVerifier: input.codeVerifier, data: input.data as PendingAuthorization });
    return {
      providerUserId: done.did,
      handle: done.handle,
      instanceName: new URL(done.pdsUrl).host,
      instanceUrl: done.pdsUrl,
      tokens: done.tokens,
      session: JSON.stringify(done.session),
    };
  },

  async revoke(ctx, creds) {
    const { session, tokens } = sessionOf(creds);
    await client(ctx).revoke(session, tokens);
  },

  // Through the library's session refresh (it checks the issuer again); never a new sign-in.
  refresher: (ctx) => async (creds) => {
    const { session, tokens } = sessionOf(creds);
    try {
      return await client(ctx).refresh(session, tokens);
    } catch (err) {
      if (err instanceof NetworkBRefreshRefused) throw new RefreshRefused(err.message);
      throw err;
    }
  },
};
