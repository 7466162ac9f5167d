import type { Octokit } from '@octokit/rest';
import { octokitLibrary } from '../../../adapters/codehost/client.js';
import { guardedFetchFunction } from '../../../adapters/outbound-fetch/fetch-function.js';
import type { AppContext } from '../../../runtime/types.js';
import { AccessTokenRejected, type Credentials } from '../credentials.js';
import { basicAuth, clientOf, postForm, ProviderCallFailed } from './http.js';
import type { SignInProvider } from './types.js';

// codehost: a GitHub-style OAuth app. The browser goes to /login/oauth/authorize; the code is
// exchanged at /login/oauth/access_token (JSON asked for; errors come back as 200 with `error`);
// the account and its e-mail addresses are read through @octokit/rest pointed at CODEHOST_API_URL
// with the guarded fetch. Revocation deletes the app's grant (Basic auth with the app's secret).

const SCOPES = 'read:user user:email';

const client = (ctx: AppContext) => clientOf(ctx.config.oauth.codehost, 'codehost');

/** An Octokit on the configured API, fetching through the guard. */
export async function codehostClient(ctx: AppContext, auth?: string): Promise<Octokit> {
  const { Octokit } = await octokitLibrary();
  return new Octokit({
    auth,
    baseUrl: ctx.config.networks.codehostApiUrl,
    userAgent: `SocialListsService/0.1 (+${ctx.config.publicUrl})`,
    request: { fetch: guardedFetchFunction(ctx.outbound) },
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
}

function apiFailure(what: string, err: unknown): Error {
  const status = (err as { status?: number }).status;
  if (status === 401) return new AccessTokenRejected(`${what}: the provider refused the access token`);
  return new ProviderCallFailed(`${what}: ${typeof status === 'number' ? `the provider answered ${status}` : 'the provider could not be reached'}`, status ?? null);
}

export const codehost: SignInProvider = {
  provider: 'codehost',
  configured: (ctx) => ctx.config.oauth.codehost !== null,

  async authorizationUrl(ctx, { state, codeChallenge, redirectUri }) {
    const url = new URL(`${ctx.config.networks.codehostUrl}/login/oauth/authorize`);
    url.search = new URLSearchParams({ client_id: client(ctx).clientId, redirect_uri: redirectUri, scope: SCOPES, state, allow_signup: 'true' }).toString();
    if (codeChallenge) {
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    return { url: url.toString() };
  },

  async complete(ctx, { code, codeVerifier, redirectUri }) {
    const { clientId, clientSecret } = client(ctx);
    const answer = await postForm(ctx, 'codehost token', `${ctx.config.networks.codehostUrl}/login/oauth/access_token`, {
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: clientSecret,
      code,
      redirect_uri: redirectUri,
      ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
    });
    if (typeof answer.access_token !== 'string' || answer.access_token === '') throw new ProviderCallFailed('codehost token answer without an access token');
    const tokens = { accessToken: answer.access_token, refreshToken: null, expiresAt: null, scopes: typeof answer.scope === 'string' ? answer.scope : null };
    const octokit = await codehostClient(ctx, tokens.accessToken);
    let login: string;
    let id: number;
    let emails: { email: string; primary: boolean; verified: boolean }[];
    try {
      const user = await octokit.rest.users.getAuthenticated();
      login = user.data.login;
      id = user.data.id;
      emails = (await octokit.rest.users.listEmailsForAuthenticatedUser({ per_page: 100 })).data;
    } catch (err) {
      throw apiFailure('codehost account', err);
    }
    const primary = emails.find((e) => e.primary) ?? emails[0];
    return { providerUserId: String(id), handle: login, email: primary?.email ?? null, emailVerified: primary?.verified === true, tokens };
  },

  async revoke(ctx, creds: Credentials) {
    if (!creds.tokens) return;
    const { clientId, clientSecret } = client(ctx);
    try {
      await (await codehostClient(ctx)).request('DELETE /applications/{client_id}/grant', {
        client_id: clientId,
        access_token: creds.tokens.accessToken,
        headers: { authorization: basicAuth(clientId, clientSecret) },
      });
    } catch (err) {
      throw apiFailure('codehost revocation', err);
    }
  },
};
