import { badRequest } from '../../../http/errors.js';
import { insertNetworkAAppIfAbsent, networkAApp, replaceNetworkAApp } from '../queries.js';
import type { AppContext } from '../../../runtime/types.js';
import type { Credentials } from '../credentials.js';
import { getJson, postForm, postFormStatus, ProviderCallFailed, providerUnreachable, str, tokensFrom } from './http.js';
import type { SignInProvider } from './types.js';

// networkA: any Mastodon-API instance the user names. The service registers itself with the
// instance once (POST /api/v1/apps) and keeps that registration (network_a_apps, the secret
// sealed); sign-in is the instance's OAuth authorization code flow with PKCE (Mastodon 4.3+;
// older instances ignore it); the account is read from verify_credentials. Every call goes
// through the guarded fetcher: the instance is a host the user chose.

const SCOPES = 'read write';

/**
 * The instance's origin from what the user typed: a host name (`social.example`, https), or an
 * origin URL (`http://127.0.0.2:8080`, for a self-hosted instance the guard allows). 400 otherwise.
 */
export function instanceOrigin(value: string): string {
  const text = value.trim();
  const invalid = () => badRequest('instance must be a host name such as social.example, or an origin URL', 'invalid_instance');
  if (text === '' || text.length > 255) throw invalid();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    throw invalid();
  }
  if (!/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname)) throw invalid();
  return url.origin;
}

/** The service's registration on the instance, made the first time (or again when the callback address changed). */
async function registration(ctx: AppContext, instance: string, redirectUri: string) {
  const db = ctx.db.kysely;
  const known = await networkAApp(db, instance);
  if (known && known.redirect_uri === redirectUri) return { clientId: known.client_id, clientSecret: ctx.sealer.open(known.client_secret_sealed) };
  let answer: Record<string, unknown>;
  try {
    answer = await postForm(ctx, 'networkA app registration', `${instance}/api/v1/apps`, {
      client_name: 'Social Lists',
      redirect_uris: redirectUri,
      scopes: SCOPES,
      website: ctx.config.publicUrl,
    });
  } catch (err) {
    if (err instanceof ProviderCallFailed) throw providerUnreachable(`The instance ${new URL(instance).host}`);
    throw err;
  }
  const clientId = str(answer.client_id);
  const clientSecret = str(answer.client_secret);
  if (!clientId || !clientSecret) throw providerUnreachable(`The instance ${new URL(instance).host}`);
  const row = { instance, client_id: clientId, client_secret_sealed: ctx.sealer.seal(clientSecret), redirect_uri: redirectUri, created_at: ctx.clock.now().toISOString() };
  // Another first sign-in may have registered meanwhile: the registration kept is the one used
  // (never replaced under it, or its callback would present a client the instance no longer pairs
  // with its code); ours is left unused on the instance.
  const kept = known ? await replaceNetworkAApp(db, row, known.client_id) : await insertNetworkAAppIfAbsent(db, row);
  if (!kept) throw providerUnreachable(`The instance ${new URL(instance).host}`);
  return { clientId: kept.client_id, clientSecret: ctx.sealer.open(kept.client_secret_sealed) };
}

async function storedRegistration(ctx: AppContext, instance: string) {
  const app = await networkAApp(ctx.db.kysely, instance);
  if (!app) throw new ProviderCallFailed('networkA: no app registration for this instance');
  return { clientId: app.client_id, clientSecret: ctx.sealer.open(app.client_secret_sealed), redirectUri: app.redirect_uri };
}

export const networkA: SignInProvider = {
  provider: 'networkA',
  configured: () => true,

  async authorizationUrl(ctx, { state, codeChallenge, redirectUri, instance }) {
    if (!instance) throw badRequest('instance is required: the host name of your networkA instance', 'bad_request');
    const { clientId } = await registration(ctx, instance, redirectUri);
    const url = new URL(`${instance}/oauth/authorize`);
    url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, scope: SCOPES, state }).toString();
    if (codeChallenge) {
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    return { url: url.toString() };
  },

  async complete(ctx, { code, codeVerifier, redirectUri, instance }) {
    if (!instance) throw new ProviderCallFailed('networkA: the state has no instance');
    const app = await storedRegistration(ctx, instance);
    const answer = await postForm(ctx, 'networkA token', `${instance}/oauth/token`, {
      grant_type: 'authorization_code',
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: redirectUri,
      scope: SCOPES,
      ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
    });
    const tokens = tokensFrom(ctx, answer);
    const account = await getJson(ctx, 'networkA account', `${instance}/api/v1/accounts/verify_credentials`, tokens.accessToken);
    const id = str(account.id);
    const username = str(account.username);
    if (!id || !username) throw new ProviderCallFailed('networkA: the account answer has no id or username');
    const host = new URL(instance).host;
    return { providerUserId: id, handle: `@${username}@${host}`, instanceName: host, instanceUrl: instance, tokens };
  },

  async revoke(ctx, creds: Credentials) {
    if (!creds.instanceUrl || !creds.tokens) return;
    const app = await storedRegistration(ctx, creds.instanceUrl);
    await postFormStatus(ctx, 'networkA revocation', `${creds.instanceUrl}/oauth/revoke`, { client_id: app.clientId, client_secret: app.clientSecret, token: creds.tokens.accessToken });
  },
};
