import { timingSafeEqual } from 'node:crypto';
import type { Config, OAuthClientConfig, OAuthProvider } from '../../config.js';
import { AppError, badRequest } from '../../http/errors.js';
import { newToken } from '../../lib/crypto.js';

// The OAuth authorization-code flow up to the provider's callback. Authorize sends the browser to
// the provider with a random `state` that the route also keeps in a short-lived cookie; the
// callback accepts only a matching state (CSRF defence). Exchanging the code for an identity is
// not built yet: a valid callback answers 501 oauth_exchange_unavailable.

/** `signin`: the per-user sign-in/link flow; `org`: networkC's shared organization credential. */
export type OAuthFlow = 'signin' | 'org';

export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

export function stateCookieName(provider: OAuthProvider, flow: OAuthFlow): string {
  return flow === 'org' ? `oauth-state-${provider}-org` : `oauth-state-${provider}`;
}

export function callbackUri(config: Config, provider: OAuthProvider, flow: OAuthFlow = 'signin'): string {
  return `${config.publicUrl}/api/auth/${provider}/${flow === 'org' ? 'org-callback' : 'callback'}`;
}

export function requireConfigured(config: Config, provider: OAuthProvider): OAuthClientConfig {
  const client = config.oauth[provider];
  if (!client) throw badRequest(`${provider} sign-in is not configured`, 'oauth_not_configured');
  return client;
}

/** The provider URL to send the browser to, and the state to remember in the cookie. */
export function beginAuthorization(config: Config, provider: OAuthProvider, flow: OAuthFlow): { url: string; state: string } {
  const client = requireConfigured(config, provider);
  const state = newToken();
  const url = new URL(client.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', callbackUri(config, provider, flow));
  url.searchParams.set('state', state);
  return { url: url.toString(), state };
}

export interface CallbackParams {
  code?: string;
  error?: string;
}

/** The callback must carry the state this browser was given at authorize (CSRF defence). */
export function checkCallbackState(received: string | undefined, expected: string | undefined): void {
  if (!received || !expected || !sameSecret(received, expected)) {
    throw badRequest('OAuth state is missing or does not match; start the sign-in again', 'oauth_state_mismatch');
  }
}

/** After the state matched: the provider's answer. The code exchange is not available yet (501). */
export function completeAuthorization(provider: OAuthProvider, params: CallbackParams): never {
  if (params.error) throw badRequest(`${provider} sign-in was not authorized`, 'oauth_denied');
  if (!params.code) throw badRequest('OAuth callback is missing the authorization code', 'oauth_missing_code');
  throw new AppError(501, `${provider} sign-in cannot complete yet: the code exchange is not available`, 'oauth_exchange_unavailable');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
