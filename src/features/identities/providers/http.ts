import { OutboundRefusedError, type GuardedResponse } from '../../../adapters/outbound-fetch/index.js';
import { AppError, badRequest } from '../../../http/errors.js';
import type { AppContext } from '../../../runtime/types.js';
import { AccessTokenRejected, RefreshRefused, type StoredTokens } from '../credentials.js';

// The few HTTP exchanges every OAuth provider shares, through the guarded fetcher: a form POST
// to a token endpoint, a JSON read with a Bearer token. Failures become errors the routes map
// (ProviderCallFailed → exchange_failed), never carrying a token or secret in their message.

/** A provider call that did not give what was asked; its message names the call and status only. */
export class ProviderCallFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    /** The OAuth `error` field of the answer, when it had one (invalid_grant...). */
    readonly oauthError: string | null = null,
  ) {
    super(message);
  }
}

export const PROVIDER_TIMEOUT_MS = 10_000;

export function basicAuth(clientId: string, clientSecret: string): string {
  // RFC 6749 2.3.1: each part form-encoded before joining.
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
}

async function send(ctx: AppContext, what: string, url: string, init: Parameters<AppContext['outbound']['guardedFetch']>[1]): Promise<GuardedResponse> {
  try {
    return await ctx.outbound.guardedFetch(url, { timeoutMs: PROVIDER_TIMEOUT_MS, maxRedirects: 0, ...init });
  } catch (err) {
    throw new ProviderCallFailed(`${what}: ${err instanceof OutboundRefusedError ? err.message : 'the provider could not be reached'}`);
  }
}

function parse(what: string, response: GuardedResponse): Record<string, unknown> {
  try {
    const value = JSON.parse(response.body.toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON
  }
  throw new ProviderCallFailed(`${what}: the answer (${response.status}) is not a JSON object`, response.status);
}

/** POSTs an application/x-www-form-urlencoded body and answers the JSON object of a 2xx. */
export async function postForm(ctx: AppContext, what: string, url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await send(ctx, what, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const body = response.status === 204 ? {} : parse(what, response);
  if (response.status < 200 || response.status >= 300 || typeof body.error === 'string') {
    throw new ProviderCallFailed(`${what}: the provider answered ${response.status}`, response.status, typeof body.error === 'string' ? body.error : null);
  }
  return body;
}

/** POSTs a form where only the status matters (revocation). */
export async function postFormStatus(ctx: AppContext, what: string, url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<void> {
  const response = await send(ctx, what, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form).toString() });
  if (response.status < 200 || response.status >= 300) throw new ProviderCallFailed(`${what}: the provider answered ${response.status}`, response.status);
}

/** GETs a JSON object with a Bearer token; a 401 is AccessTokenRejected. */
export async function getJson(ctx: AppContext, what: string, url: string, accessToken: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await send(ctx, what, url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...headers } });
  if (response.status === 401) throw new AccessTokenRejected(`${what}: the provider refused the access token`);
  if (response.status < 200 || response.status >= 300) throw new ProviderCallFailed(`${what}: the provider answered ${response.status}`, response.status);
  return parse(what, response);
}

/** An OAuth token answer as stored tokens (`expires_in` seconds from now). */
export function tokensFrom(ctx: AppContext, answer: Record<string, unknown>, previous?: StoredTokens | null): StoredTokens {
  if (typeof answer.access_token !== 'string' || answer.access_token === '') throw new ProviderCallFailed('token answer without an access token');
  const expiresIn = Number(answer.expires_in);
  return {
    accessToken: answer.access_token,
    // A refresh answer without a new refresh token keeps the old one (providers that do not rotate).
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token !== '' ? answer.refresh_token : (previous?.refreshToken ?? null),
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(ctx.clock.now().getTime() + expiresIn * 1000).toISOString() : null,
    scopes: typeof answer.scope === 'string' ? answer.scope : (previous?.scopes ?? null),
  };
}

/** A refresh_token grant: a refusal (4xx, invalid_grant) is RefreshRefused; anything else passes through as it failed. */
export async function refreshGrant(ctx: AppContext, what: string, url: string, form: Record<string, string>, headers: Record<string, string>, previous: StoredTokens | null): Promise<StoredTokens> {
  try {
    return tokensFrom(ctx, await postForm(ctx, what, url, { grant_type: 'refresh_token', ...form }, headers), previous);
  } catch (err) {
    if (err instanceof ProviderCallFailed && err.status !== null && err.status >= 400 && err.status < 500) throw new RefreshRefused(err.message);
    throw err;
  }
}

/** 503 provider_not_configured, naming the settings that configure the provider's OAuth client. */
export function providerNotConfigured(provider: string): AppError {
  const prefix = provider.toUpperCase();
  return new AppError(503, `${provider} sign-in is not configured on this server: set ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`, 'provider_not_configured');
}

/** The client credentials of a configured provider, or 503 provider_not_configured. */
export function clientOf<T>(client: T | null, provider: string): T {
  if (client === null) throw providerNotConfigured(provider);
  return client;
}

export function providerUnreachable(what: string) {
  return badRequest(`${what} could not be reached`, 'provider_unreachable');
}

export function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;
}
