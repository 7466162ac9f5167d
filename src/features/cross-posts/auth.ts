import { NetworkError, type NetworkAuth } from '../../adapters/networks/types.js';
import type { OAuthProvider } from '../../config.js';
import type { AppContext } from '../../runtime/context.js';
import { AccessTokenRejected, refresherFor, withAccessToken, type Credentials } from '../identities/index.js';

// A network call made with an identity's current access token, through the identities feature's
// credentials module: refreshed before it expires and once more when the network answers 401
// (the provider's own refresh, `refresherFor`; one with none, networkA, cannot refresh and the
// identity must be linked again).

function networkAuth(creds: Credentials): NetworkAuth {
  if (!creds.tokens && !creds.session) throw new AccessTokenRejected('No access token is stored');
  return { accessToken: creds.tokens?.accessToken ?? '', providerUserId: creds.providerUserId, instanceUrl: creds.instanceUrl, session: creds.session };
}

export function withNetworkAuth<T>(ctx: AppContext, identityId: string, provider: OAuthProvider, call: (auth: NetworkAuth) => Promise<T>): Promise<T> {
  return withAccessToken(ctx, identityId, refresherFor(ctx, provider), async (creds) => {
    try {
      return await call(networkAuth(creds));
    } catch (err) {
      if (err instanceof NetworkError && err.kind === 'unauthorized') throw new AccessTokenRejected(err.message);
      throw err;
    }
  });
}
