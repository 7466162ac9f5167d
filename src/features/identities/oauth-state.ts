import { createHash, randomBytes } from 'node:crypto';
import type { OAuthProvider } from '../../config.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import type { AppContext } from '../../runtime/types.js';
import { deleteExpiredOAuthStates, insertOAuthState, spendOAuthState } from './queries.js';

// The OAuth `state` of every provider's authorize step: a random value kept only as its hash,
// single use, expiring after 10 minutes, and bound to the browser that began it (the hash of its
// HttpOnly binding cookie), so a state carried to another browser opens nothing (login CSRF).
// With PKCE, the code verifier is kept sealed beside it and the S256 challenge goes to the provider.

export type OAuthFlow = 'signin' | 'org';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export interface BeginStateInput {
  provider: OAuthProvider;
  flow: OAuthFlow;
  /** The browser-binding cookie's value. */
  browserId: string;
  /** The session's user at authorize time (linking); null: signing in. */
  userId: string | null;
  returnTo: string | null;
  instance: string | null;
  pkce: boolean;
  /** Provider-specific state kept sealed with it (e.g. atproto's), JSON-serialisable. */
  data?: unknown;
}

export interface ConsumedState {
  userId: string | null;
  returnTo: string | null;
  instance: string | null;
  codeVerifier: string | null;
  data: unknown;
}

/** RFC 7636: a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function beginState(ctx: AppContext, input: BeginStateInput): Promise<{ state: string; codeChallenge?: string }> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now();
  const state = newToken();
  const pkce = input.pkce ? pkcePair() : null;
  // Spent and expired states are of no use: dropped here rather than by a periodic task.
  await deleteExpiredOAuthStates(db, now.toISOString());
  await insertOAuthState(db, {
    state_hash: hashToken(state),
    provider: input.provider,
    flow: input.flow,
    browser_hash: hashToken(input.browserId),
    user_id: input.userId,
    code_verifier_sealed: pkce ? ctx.sealer.seal(pkce.verifier) : null,
    return_to: input.returnTo,
    instance: input.instance,
    data_sealed: input.data === undefined ? null : ctx.sealer.seal(JSON.stringify(input.data)),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
  });
  return pkce ? { state, codeChallenge: pkce.challenge } : { state };
}

/**
 * Spends the state: its authorize step's values, or null when it is missing, unknown, already
 * used, expired, of another provider or flow, or bound to another browser.
 */
export async function consumeState(
  ctx: AppContext,
  input: { provider: OAuthProvider; flow: OAuthFlow; state: string | undefined; browserId: string | undefined },
): Promise<ConsumedState | null> {
  if (!input.state || !input.browserId) return null;
  const row = await spendOAuthState(ctx.db.kysely, {
    stateHash: hashToken(input.state),
    provider: input.provider,
    flow: input.flow,
    browserHash: hashToken(input.browserId),
    now: ctx.clock.now().toISOString(),
  });
  if (!row) return null;
  return {
    userId: row.user_id,
    returnTo: row.return_to,
    instance: row.instance,
    codeVerifier: row.code_verifier_sealed === null ? null : ctx.sealer.open(row.code_verifier_sealed),
    data: row.data_sealed === null ? null : (JSON.parse(ctx.sealer.open(row.data_sealed)) as unknown),
  };
}
