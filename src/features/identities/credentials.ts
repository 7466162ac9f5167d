import type { OAuthProvider } from '../../config.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { Selectable } from 'kysely';
import type { IdentitiesTable } from '../../db/types.js';
import { conflict } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { SingleFlight } from '../../lib/single-flight.js';
import { AppState } from '../../runtime/state.js';
import type { AppContext } from '../../runtime/types.js';
import { identityByAccount, identityById, insertIdentity, updateIdentity, updateIdentityAtVersion } from './queries.js';

// A linked identity's credentials: sealed at rest, opened only here, and refreshed here.
//
// Refreshing is where rotating single-use refresh tokens (networkD) break: two refreshes with one
// token leave one of them holding a dead token, and the chain is lost. So a refresh runs once per
// identity at a time: in this process through a single flight (callers share it), and across
// instances through a compare-and-swap on `token_version`. An even version is stable; a refresh
// first claims the row (even v → odd v+1), calls the provider, and writes the new tokens with
// v+2. An instance that loses the claim waits for the winner's tokens instead of spending the
// refresh token again. A claim left by a process that died is taken over after CLAIM_LEASE_MS.

export interface StoredTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  scopes: string | null;
}

export interface Credentials {
  identityId: string;
  userId: string;
  provider: OAuthProvider;
  providerUserId: string;
  handle: string;
  instanceName: string | null;
  instanceUrl: string | null;
  status: 'active' | 'reauth_required';
  tokenVersion: number;
  tokens: StoredTokens | null;
  session: string | null;
}

/** Exchanges the stored refresh token for new tokens; throws RefreshRefused when the provider refuses it. */
export type Refresher = (creds: Credentials) => Promise<StoredTokens>;

/** The provider answered 401 to the access token. */
export class AccessTokenRejected extends Error {}
/** The provider refused the refresh token (or there is none). */
export class RefreshRefused extends Error {}
/** The identity must be linked again: its tokens are refused and cannot be refreshed. */
export class ReauthRequired extends Error {}
/** The identity is no longer linked (unlinked meanwhile). */
export class IdentityNotLinked extends Error {}

/** A token this close to its end is refreshed before use. */
export const REFRESH_MARGIN_MS = 60_000;
/** How long a refresh claim holds before another instance may take it over. */
export const CLAIM_LEASE_MS = 30_000;
/** How long an instance that lost the claim waits for the winner's tokens. */
const CLAIM_WAIT_MS = 10_000;
const CLAIM_POLL_MS = 50;

/** This app's refreshes under way, one per identity. */
const refreshFlights = new AppState('identities.refresh-flights', () => new SingleFlight<Credentials>());
export const CREDENTIAL_STATE = [refreshFlights];

export interface IdentityInput {
  userId: string;
  provider: OAuthProvider;
  providerUserId: string;
  handle: string;
  instanceName?: string;
  instanceUrl?: string | null;
  tokens: StoredTokens | null;
  session?: string | null;
}

function sealedTokens(ctx: AppContext, tokens: StoredTokens | null) {
  return {
    access_token_sealed: tokens ? ctx.sealer.seal(tokens.accessToken) : null,
    refresh_token_sealed: tokens?.refreshToken ? ctx.sealer.seal(tokens.refreshToken) : null,
    token_expires_at: tokens?.expiresAt ?? null,
    scopes: tokens?.scopes ?? null,
  };
}

/** The next stable (even) version above `v`. */
const nextStable = (v: number) => (v % 2 === 0 ? v + 2 : v + 1);

/**
 * Links a provider account to a user, or refreshes the tokens of the link it already has (its
 * status back to `active`). A provider account linked to another user: 409 identity_in_use.
 */
export async function upsertIdentity(ctx: AppContext, input: IdentityInput): Promise<{ id: string; created: boolean }> {
  const db = ctx.db.kysely;
  const instanceName = input.instanceName ?? '';
  const now = ctx.clock.now().toISOString();
  const credentials = {
    ...sealedTokens(ctx, input.tokens),
    session_sealed: input.session ? ctx.sealer.seal(input.session) : null,
    instance_url: input.instanceUrl ?? null,
    handle: input.handle,
    status: 'active',
    updated_at: now,
  };
  const existing = await identityByAccount(db, input.provider, instanceName, input.providerUserId);
  if (existing) {
    if (existing.user_id !== input.userId) throw identityInUse(input.provider);
    await updateIdentity(db, existing.id, { ...credentials, token_version: nextStable(existing.token_version) });
    return { id: existing.id, created: false };
  }
  const id = newId();
  try {
    await insertIdentity(db, { id, user_id: input.userId, provider: input.provider, provider_user_id: input.providerUserId, instance_name: instanceName, created_at: now, ...credentials });
  } catch (err) {
    // Linked by someone else between the read and the insert.
    if (isUniqueViolation(err)) return upsertIdentity(ctx, input);
    throw err;
  }
  return { id, created: true };
}

export function identityInUse(provider: string) {
  return conflict(`This ${provider} account is already linked to another account`, 'identity_in_use');
}

function open(ctx: AppContext, sealed: string | null): string | null {
  return sealed === null ? null : ctx.sealer.open(sealed);
}

/** An identity row's credentials, opened (none when they were sealed under another key). */
export function toCredentials(ctx: AppContext, row: Selectable<IdentitiesTable>): Credentials {
  let tokens: StoredTokens | null = null;
  let session: string | null = null;
  try {
    const accessToken = open(ctx, row.access_token_sealed);
    tokens = accessToken === null ? null : { accessToken, refreshToken: open(ctx, row.refresh_token_sealed), expiresAt: row.token_expires_at, scopes: row.scopes };
    session = open(ctx, row.session_sealed);
  } catch {
    // Sealed under another key (TOKEN_SEALING_KEY changed): as good as no credentials.
    tokens = null;
    session = null;
  }
  return {
    identityId: row.id,
    userId: row.user_id,
    provider: row.provider as OAuthProvider,
    providerUserId: row.provider_user_id,
    handle: row.handle,
    instanceName: row.instance_name === '' ? null : row.instance_name,
    instanceUrl: row.instance_url,
    status: row.status === 'reauth_required' ? 'reauth_required' : 'active',
    tokenVersion: row.token_version,
    tokens,
    session,
  };
}

/** The identity's credentials, opened; null when it is not linked. */
export async function loadCredentials(ctx: AppContext, identityId: string): Promise<Credentials | null> {
  const row = await identityById(ctx.db.kysely, identityId);
  return row ? toCredentials(ctx, row) : null;
}

export async function markReauthRequired(ctx: AppContext, identityId: string): Promise<void> {
  await updateIdentity(ctx.db.kysely, identityId, { status: 'reauth_required', updated_at: ctx.clock.now().toISOString() });
}

/** Replaces a provider session blob (networkB's session after its own refresh), sealed. */
export async function storeSession(ctx: AppContext, identityId: string, session: string | null): Promise<void> {
  await updateIdentity(ctx.db.kysely, identityId, { session_sealed: session ? ctx.sealer.seal(session) : null, updated_at: ctx.clock.now().toISOString() });
}

function usable(creds: Credentials | null): Credentials {
  if (creds === null) throw new IdentityNotLinked('The identity is no longer linked');
  if (creds.status === 'reauth_required') throw new ReauthRequired(`The ${creds.provider} identity must be linked again`);
  return creds;
}

function expiresSoon(ctx: AppContext, creds: Credentials): boolean {
  const at = creds.tokens?.expiresAt;
  return !!at && Date.parse(at) - ctx.clock.now().getTime() <= REFRESH_MARGIN_MS;
}

/**
 * Runs `use` with the identity's current credentials: refreshed first when the access token ends
 * within a minute, and refreshed once more if `use` throws AccessTokenRejected (then `use` runs
 * again). A refused refresh marks the identity `reauth_required` and throws ReauthRequired.
 */
export async function withAccessToken<T>(ctx: AppContext, identityId: string, refresher: Refresher, use: (creds: Credentials) => Promise<T>): Promise<T> {
  let creds = usable(await loadCredentials(ctx, identityId));
  if (expiresSoon(ctx, creds)) creds = await refresh(ctx, creds, refresher);
  try {
    return await use(creds);
  } catch (err) {
    if (!(err instanceof AccessTokenRejected)) throw err;
  }
  creds = await refresh(ctx, creds, refresher);
  try {
    return await use(creds);
  } catch (err) {
    // Refused just after a refresh: the grant itself is gone.
    if (err instanceof AccessTokenRejected) {
      await markReauthRequired(ctx, identityId);
      throw new ReauthRequired(`The ${creds.provider} identity must be linked again`);
    }
    throw err;
  }
}

/** New credentials for an identity whose tokens `seen` holds: one refresh per identity at a time. */
function refresh(ctx: AppContext, seen: Credentials, refresher: Refresher): Promise<Credentials> {
  return ctx.state(refreshFlights).run(seen.identityId, () => refreshOnce(ctx, seen, refresher));
}

async function refreshOnce(ctx: AppContext, seen: Credentials, refresher: Refresher): Promise<Credentials> {
  const db = ctx.db.kysely;
  const now = () => ctx.clock.now().toISOString();
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const current = usable(await loadCredentials(ctx, seen.identityId));
    const version = current.tokenVersion;
    // Refreshed (by another instance) since `seen` was read: theirs are the new tokens.
    if (version % 2 === 0 && version > seen.tokenVersion) return current;
    if (version % 2 === 1 && !(await claimLapsed(ctx, seen.identityId))) {
      if (Date.now() > deadline) throw new Error('Another instance is still refreshing this identity');
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      continue;
    }
    const claimed = version % 2 === 0 ? version + 1 : version + 2;
    if (!(await updateIdentityAtVersion(db, seen.identityId, version, { token_version: claimed, updated_at: now() }))) continue;
    let tokens: StoredTokens;
    try {
      if (!current.tokens?.refreshToken && current.session === null) throw new RefreshRefused('No refresh token is stored');
      tokens = await refresher(current);
    } catch (err) {
      if (err instanceof RefreshRefused) {
        await updateIdentityAtVersion(db, seen.identityId, claimed, { token_version: claimed + 1, status: 'reauth_required', updated_at: now() });
        throw new ReauthRequired(`The ${current.provider} identity must be linked again`);
      }
      // No answer about the token (the provider unreachable): release the claim, tokens unchanged.
      await updateIdentityAtVersion(db, seen.identityId, claimed, { token_version: claimed + 1, updated_at: now() });
      throw err;
    }
    await updateIdentityAtVersion(db, seen.identityId, claimed, { ...sealedTokens(ctx, tokens), token_version: claimed + 1, updated_at: now() });
    return { ...current, tokens, tokenVersion: claimed + 1 };
  }
}

/** Whether the refresh claim on the identity is older than its lease (its process died). */
async function claimLapsed(ctx: AppContext, identityId: string): Promise<boolean> {
  const row = await identityById(ctx.db.kysely, identityId);
  return !row?.updated_at || ctx.clock.now().getTime() - Date.parse(row.updated_at) > CLAIM_LEASE_MS;
}
