import type { OAuthProvider } from '../../config.js';
import { AppError, forbidden } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { AppContext } from '../../runtime/types.js';
import { findUserById } from '../users/service.js';
import { createAccountFor } from './accounts.js';
import { upsertIdentity } from './credentials.js';
import { beginState, consumeState, type OAuthFlow } from './oauth-state.js';
import { providerNotConfigured } from './providers/http.js';
import { signInProvider } from './providers/index.js';
import type { ProviderAccount, ProviderTarget, SignInProvider } from './providers/types.js';
import { identityByAccount, replaceNetworkCTargets, updateOAuthStateData } from './queries.js';

// Sign-in and linking with an outside provider, the same for every provider: the authorize step
// (state bound to the browser, PKCE, the provider's address) and the callback (the state spent,
// the code exchanged, then linking to the caller, signing in the account that has the identity,
// or creating an account). The routes only read and write cookies and redirects.

export type OAuthErrorCode = 'access_denied' | 'invalid_state' | 'exchange_failed' | 'identity_in_use';

export function callbackUri(ctx: AppContext, provider: OAuthProvider, flow: OAuthFlow): string {
  return `${ctx.config.publicUrl}/api/auth/${provider}/${flow === 'org' ? 'org-callback' : 'callback'}`;
}

/** The provider, if this server can use it; else 503 provider_not_configured. */
export function usableProvider(ctx: AppContext, provider: OAuthProvider): SignInProvider {
  const p = signInProvider(provider);
  if (!p || (p.configured && !p.configured(ctx))) throw providerNotConfigured(provider);
  return p;
}

export interface AuthorizeInput {
  provider: OAuthProvider;
  flow: OAuthFlow;
  browserId: string;
  userId: string | null;
  returnTo: string;
  instance: string | null;
  handle: string | null;
}

/** The provider address to send the browser to, with a new state kept for the callback. */
export async function startAuthorization(ctx: AppContext, input: AuthorizeInput): Promise<string> {
  const provider = usableProvider(ctx, input.provider);
  const { state, codeChallenge } = await beginState(ctx, {
    provider: input.provider,
    flow: input.flow,
    browserId: input.browserId,
    userId: input.userId,
    returnTo: input.returnTo,
    instance: input.instance,
    pkce: provider.pkce !== false,
  });
  const { url, data } = await provider.authorizationUrl(ctx, {
    state,
    codeChallenge: codeChallenge ?? null,
    redirectUri: callbackUri(ctx, input.provider, input.flow),
    flow: input.flow,
    ...(input.instance ? { instance: input.instance } : {}),
    ...(input.handle ? { handle: input.handle } : {}),
  });
  if (data !== undefined) await updateOAuthStateData(ctx.db.kysely, state, ctx.sealer.seal(JSON.stringify(data)));
  return url;
}

export type CallbackOutcome =
  | { returnTo: string | null; result: 'linked' | 'signed_in'; signInUserId: string | null }
  | { returnTo: string | null; error: OAuthErrorCode };

const ACCESS_DENIED = new Set(['access_denied', 'user_cancelled_login', 'user_cancelled_authorize', 'consent_required', 'login_required']);

/** The callback: what to answer (and whom to sign in). Never throws for the provider's or the browser's faults. */
export async function finishAuthorization(
  ctx: AppContext,
  input: { provider: OAuthProvider; flow: OAuthFlow; browserId: string | undefined; query: Record<string, string> },
): Promise<CallbackOutcome> {
  const consumed = await consumeState(ctx, { provider: input.provider, flow: input.flow, state: input.query.state, browserId: input.browserId });
  if (!consumed) return { returnTo: null, error: 'invalid_state' };
  const { returnTo } = consumed;
  if (input.query.error) return { returnTo, error: ACCESS_DENIED.has(input.query.error) ? 'access_denied' : 'exchange_failed' };
  if (!input.query.code) return { returnTo, error: 'exchange_failed' };
  let account: ProviderAccount;
  try {
    const provider = usableProvider(ctx, input.provider);
    account = await provider.complete(ctx, {
      code: input.query.code,
      codeVerifier: consumed.codeVerifier,
      redirectUri: callbackUri(ctx, input.provider, input.flow),
      instance: consumed.instance,
      data: consumed.data,
      query: input.query,
    });
  } catch (err) {
    // The reason only: provider errors here name the call and status, never a token.
    ctx.log.warn({ provider: input.provider, reason: (err as Error).message }, 'OAuth code exchange failed');
    return { returnTo, error: 'exchange_failed' };
  }
  try {
    return { returnTo, ...(await settle(ctx, input.provider, consumed.userId, account)) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'identity_in_use') return { returnTo, error: 'identity_in_use' };
    if (err instanceof AppError && err.code === 'account_banned') return { returnTo, error: 'access_denied' };
    throw err;
  }
}

/** Links, signs in, or creates the account, and keeps the identity's tokens. */
async function settle(ctx: AppContext, provider: OAuthProvider, sessionUserId: string | null, account: ProviderAccount) {
  const link = (userId: string) =>
    upsertIdentity(ctx, {
      userId,
      provider,
      providerUserId: account.providerUserId,
      handle: account.handle,
      instanceName: account.instanceName,
      instanceUrl: account.instanceUrl ?? null,
      tokens: account.tokens,
      session: account.session ?? null,
    });
  if (sessionUserId !== null && (await findUserById(ctx.db.kysely, sessionUserId))) {
    const { id } = await link(sessionUserId);
    await keepTargets(ctx, sessionUserId, id, account.targets);
    return { result: 'linked' as const, signInUserId: null };
  }
  const existing = await identityByAccount(ctx.db.kysely, provider, account.instanceName ?? '', account.providerUserId);
  if (existing && ctx.config.accountStatusEnforcement && (await findUserById(ctx.db.kysely, existing.user_id))?.account_status === 'banned') {
    throw forbidden('This account has been banned', 'account_banned');
  }
  const userId = existing ? existing.user_id : (await createAccountFor(ctx, account)).id;
  const { id } = await link(userId);
  await keepTargets(ctx, userId, id, account.targets);
  return { result: 'signed_in' as const, signInUserId: userId };
}

/** networkC: the identity's targets of each kind the provider answered replace the ones kept. */
async function keepTargets(ctx: AppContext, userId: string, identityId: string, targets: ProviderTarget[] | undefined): Promise<void> {
  if (!targets) return;
  const now = ctx.clock.now().toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    for (const kind of new Set(targets.map((t) => t.kind))) {
      const rows = targets.filter((t) => t.kind === kind).map((t) => ({ id: newId(), user_id: userId, external_id: t.externalId, name: t.name.slice(0, 200), created_at: now }));
      await replaceNetworkCTargets(trx, identityId, kind, rows);
    }
  });
}
