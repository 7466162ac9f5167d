import type { AppContext } from '../../../runtime/types.js';
import type { Credentials } from '../credentials.js';
import { basicAuth, clientOf, getJson, postForm, postFormStatus, ProviderCallFailed, refreshGrant, str, tokensFrom } from './http.js';
import type { SignInProvider } from './types.js';

// networkD: an X-style OAuth 2.0 authorization code flow with PKCE, as a confidential client
// (HTTP Basic client authentication at the token endpoint), `offline.access` for a refresh token.
// Its refresh tokens are single use and rotate: every refresh goes through withAccessToken's
// per-identity lock, and the rotated refresh token is stored at once.

const SCOPES = 'tweet.read tweet.write users.read media.write offline.access';

const client = (ctx: AppContext) => clientOf(ctx.config.oauth.networkD, 'networkD');
const api = (ctx: AppContext, path: string) => `${ctx.config.networks.networkDApiUrl}${path}`;
const basic = (ctx: AppContext) => {
  const { clientId, clientSecret } = client(ctx);
  return { authorization: basicAuth(clientId, clientSecret) };
};

export const networkD: SignInProvider = {
  provider: 'networkD',
  configured: (ctx) => ctx.config.oauth.networkD !== null,

  async authorizationUrl(ctx, { state, codeChallenge, redirectUri }) {
    const url = new URL(`${ctx.config.networks.networkDAuthUrl}/i/oauth2/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: client(ctx).clientId,
      redirect_uri: redirectUri,
      scope: SCOPES,
      state,
      code_challenge: codeChallenge ?? '',
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString() };
  },

  async complete(ctx, { code, codeVerifier, redirectUri }) {
    if (!codeVerifier) throw new ProviderCallFailed('networkD: the state has no PKCE verifier');
    const answer = await postForm(
      ctx,
      'networkD token',
      api(ctx, '/2/oauth2/token'),
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier, client_id: client(ctx).clientId },
      basic(ctx),
    );
    const tokens = tokensFrom(ctx, answer);
    const me = await getJson(ctx, 'networkD account', api(ctx, '/2/users/me'), tokens.accessToken);
    const data = (me.data ?? {}) as Record<string, unknown>;
    const id = str(data.id);
    const username = str(data.username);
    if (!id || !username) throw new ProviderCallFailed('networkD: the account answer has no id or username');
    return { providerUserId: id, handle: username, tokens };
  },

  async revoke(ctx, creds: Credentials) {
    if (!creds.tokens) return;
    // Revoking the refresh token ends the whole grant; the access token goes with it.
    const token = creds.tokens.refreshToken ?? creds.tokens.accessToken;
    const hint = creds.tokens.refreshToken ? 'refresh_token' : 'access_token';
    await postFormStatus(ctx, 'networkD revocation', api(ctx, '/2/oauth2/revoke'), { token, token_type_hint: hint, client_id: client(ctx).clientId }, basic(ctx));
  },

  refresher: (ctx) => async (creds) =>
    refreshGrant(ctx, 'networkD refresh', api(ctx, '/2/oauth2/token'), { refresh_token: creds.tokens?.refreshToken ?? '', client_id: client(ctx).clientId }, basic(ctx), creds.tokens),
};
