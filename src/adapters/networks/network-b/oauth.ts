import { createHash, randomBytes } from 'node:crypto';
import type { NodeOAuthClient, NodeSavedSession, NodeSavedState } from '@atproto/oauth-client-node';
import type { JWK } from 'jose';
import type { Config } from '../../../config.js';
import { onFirstUse } from '../../../lib/load-on-first-use.js';
import { guardedFetchFunction } from '../../outbound-fetch/fetch-function.js';
import type { OutboundFetcher } from '../../outbound-fetch/index.js';
import { HANDLE_INVALID, IdentityUnresolvable, NetworkBIdentityResolver, type ResolvedIdentity } from './identity.js';

// networkB sign-in with the protocol's reference client, @atproto/oauth-client-node: the
// authorization server is discovered from the account's PDS (its oauth-protected-resource
// metadata, then the server's oauth-authorization-server metadata), the request is pushed (PAR)
// with a PKCE challenge and a DPoP key, the code is exchanged with DPoP proofs (the library does
// the nonce dance) and the token's `sub` is checked to be an account of that server.
//
// The service runs as several instances, so nothing is kept in memory between requests: each
// operation builds a client whose state and session stores read what the caller loaded from the
// database (the OAuth state row's sealed data, the identity's sealed session and tokens) and
// capture what the library writes, which the caller stores. The state and PKCE pair are the
// service's own (one helper for every provider, bound to the browser), so authorize pushes the
// request itself with the library's server agent instead of calling `client.authorize()`, which
// would make up a state of its own. All traffic goes through the guarded fetcher.

/** The library, loaded with the first sign-in, refresh or revocation (lib/load-on-first-use.ts). */
const oauthClientLibrary = onFirstUse(() => import('@atproto/oauth-client-node'));

export const NETWORK_B_SCOPE = 'atproto transition:generic';
export const CLIENT_METADATA_PATH = '/oauth/client-metadata.json';
export const NETWORK_B_CALLBACK_PATH = '/api/auth/networkB/callback';

export interface NetworkBOAuthSettings {
  publicUrl: string;
  fetcher: OutboundFetcher;
  /** The PLC directory (NETWORKB_DIRECTORY_URL). */
  directoryUrl: string;
}

type AuthMethod = NodeSavedSession['authMethod'];

export interface ClientMetadataDocument {
  client_id: string;
  client_name: string;
  client_uri?: string;
  redirect_uris: [string];
  scope: string;
  grant_types: ['authorization_code', 'refresh_token'];
  response_types: ['code'];
  application_type: 'web' | 'native';
  token_endpoint_auth_method: 'none';
  dpop_bound_access_tokens: true;
}

/** What authorize keeps, sealed, with the state until the callback. */
export interface PendingAuthorization {
  iss: string;
  dpopJwk: JWK;
  authMethod: AuthMethod;
  /** The PKCE verifier, when the caller did not bring its own challenge. */
  verifier?: string;
}

/** The identity's session as stored (sealed): its DPoP key and whom the tokens are for. */
export interface SessionBlob {
  dpopJwk: JWK;
  authMethod: AuthMethod;
  iss: string;
  /** The PDS (the tokens' audience). */
  aud: string;
  sub: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  scopes: string | null;
}

export interface CompletedSignIn {
  did: string;
  handle: string;
  pdsUrl: string;
  tokens: TokenSet;
  session: SessionBlob;
}

/** The provider refused the refresh token (revoked, expired, already used). */
export class NetworkBRefreshRefused extends Error {
  override readonly name = 'NetworkBRefreshRefused';
}

export class NetworkBOAuth {
  readonly resolver: NetworkBIdentityResolver;
  private readonly publicUrl: string;

  constructor(private readonly settings: NetworkBOAuthSettings) {
    this.publicUrl = settings.publicUrl.replace(/\/+$/, '');
    this.resolver = new NetworkBIdentityResolver({ fetcher: settings.fetcher, directoryUrl: settings.directoryUrl });
  }

  /** An https PUBLIC_URL publishes client metadata; a plain-http one is the protocol's loopback development client. */
  get isLoopbackClient(): boolean {
    return !this.publicUrl.startsWith('https:');
  }

  /** The callback address (on a loopback client, on 127.0.0.1: the protocol allows no other loopback name). */
  get redirectUri(): string {
    if (!this.isLoopbackClient) return `${this.publicUrl}${NETWORK_B_CALLBACK_PATH}`;
    const url = new URL(NETWORK_B_CALLBACK_PATH, this.publicUrl);
    if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
    return url.href;
  }

  get clientId(): string {
    if (!this.isLoopbackClient) return `${this.publicUrl}${CLIENT_METADATA_PATH}`;
    const query = new URLSearchParams({ redirect_uri: this.redirectUri, scope: NETWORK_B_SCOPE });
    return `http://localhost?${query}`;
  }

  /** The client metadata document (served at CLIENT_METADATA_PATH). */
  get metadata(): ClientMetadataDocument {
    return {
      client_id: this.clientId,
      client_name: 'Social Lists',
      ...(this.isLoopbackClient ? {} : { client_uri: this.publicUrl }),
      redirect_uris: [this.redirectUri],
      scope: NETWORK_B_SCOPE,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      application_type: this.isLoopbackClient ? 'native' : 'web',
      token_endpoint_auth_method: 'none',
      dpop_bound_access_tokens: true,
    };
  }

  /** Resolves the handle or DID, discovers its authorization server and pushes the request. */
  async begin(input: { identifier: string; state: string; codeChallenge: string | null }): Promise<{ url: string; data: PendingAuthorization; identity: ResolvedIdentity }> {
    const { client, resolved } = await this.client({});
    let metadata;
    try {
      ({ metadata } = await client.oauthResolver.resolveFromIdentity(input.identifier));
    } catch (err) {
      throw unreachable(err, `The networkB account ${input.identifier.slice(0, 100)} could not be reached`);
    }
    const identity = [...resolved.values()][0];
    const dpopKey = await client.runtime.generateKey(metadata.dpop_signing_alg_values_supported ?? ['ES256']);
    const authMethod: AuthMethod = { method: 'none' };
    const verifier = input.codeChallenge === null ? randomBytes(32).toString('base64url') : undefined;
    const challenge = input.codeChallenge ?? createHash('sha256').update(verifier!).digest('base64url');
    let requestUri: string;
    try {
      const server = await client.serverFactory.fromMetadata(metadata, authMethod, dpopKey);
      const par = await server.request('pushed_authorization_request', {
        client_id: this.clientId,
        redirect_uri: this.redirectUri as RedirectUri,
        response_type: 'code',
        response_mode: 'query',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: input.state,
        scope: NETWORK_B_SCOPE,
        login_hint: identity && identity.handle !== HANDLE_INVALID ? identity.handle : identity?.did,
      });
      requestUri = par.request_uri;
    } catch (err) {
      throw unreachable(err, 'The networkB authorization server refused the sign-in request');
    }
    const url = new URL(metadata.authorization_endpoint);
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('request_uri', requestUri);
    const data: PendingAuthorization = { iss: metadata.issuer, dpopJwk: dpopKey.privateJwk as JWK, authMethod, ...(verifier ? { verifier } : {}) };
    return { url: url.href, data, identity };
  }

  /** Exchanges the code (the callback's query) for tokens and checks whose they are. */
  async complete(input: { query: Record<string, string>; codeVerifier: string | null; data: PendingAuthorization }): Promise<CompletedSignIn> {
    const verifier = input.codeVerifier ?? input.data.verifier;
    if (!verifier) throw new Error('The networkB sign-in has no PKCE verifier');
    const pending: NodeSavedState = { iss: input.data.iss, dpopJwk: input.data.dpopJwk as NodeSavedState['dpopJwk'], authMethod: input.data.authMethod, verifier };
    const stateKey = input.query.state;
    let saved: NodeSavedSession | undefined;
    const { client, resolved } = await this.client({
      stateStore: { get: async (key) => (key === stateKey ? pending : undefined), set: async () => undefined, del: async () => undefined },
      // No earlier session is handed to the library: it would revoke it, and the account may
      // belong to another user of the service (the link is then refused, and must change nothing).
      sessionStore: { get: async () => undefined, set: async (_sub, value) => void (saved = value), del: async () => undefined },
    });
    await client.callback(new URLSearchParams(input.query), { redirect_uri: this.redirectUri as RedirectUri });
    if (!saved) throw new Error('The networkB sign-in produced no session');
    const { tokenSet } = saved;
    const identity = resolved.get(tokenSet.sub) ?? (await this.resolver.resolve(tokenSet.sub));
    return {
      did: tokenSet.sub,
      handle: identity.handle === HANDLE_INVALID ? tokenSet.sub : identity.handle,
      pdsUrl: new URL(tokenSet.aud).origin,
      tokens: tokensOf(saved),
      session: { dpopJwk: saved.dpopJwk as JWK, authMethod: saved.authMethod, iss: tokenSet.iss, aud: new URL(tokenSet.aud).origin, sub: tokenSet.sub },
    };
  }

  /** New tokens for a session, through the library's refresh (which checks the issuer again). */
  async refresh(session: SessionBlob, tokens: TokenSet): Promise<TokenSet> {
    let saved: NodeSavedSession | undefined;
    const { client } = await this.client({ sessionStore: this.sessionStore(session, tokens, (value) => (saved = value)) });
    try {
      await client.restore(session.sub, true);
    } catch (err) {
      if (err instanceof (await oauthClientLibrary()).TokenRefreshError) throw new NetworkBRefreshRefused(err.message);
      throw err;
    }
    if (!saved) throw new Error('The networkB refresh produced no tokens');
    return tokensOf(saved);
  }

  /** Revokes the tokens at the authorization server (best effort: the library ignores its answer). */
  async revoke(session: SessionBlob, tokens: TokenSet): Promise<void> {
    const { client } = await this.client({ sessionStore: this.sessionStore(session, tokens, () => undefined) });
    await client.revoke(session.sub);
  }

  private sessionStore(session: SessionBlob, tokens: TokenSet, onSet: (value: NodeSavedSession) => void): NodeOAuthClientStores['sessionStore'] {
    const stored: NodeSavedSession = {
      dpopJwk: session.dpopJwk as NodeSavedSession['dpopJwk'],
      authMethod: session.authMethod,
      tokenSet: {
        iss: session.iss,
        sub: session.sub as NodeSavedSession['tokenSet']['sub'],
        aud: session.aud,
        scope: (tokens.scopes ?? NETWORK_B_SCOPE) as NodeSavedSession['tokenSet']['scope'],
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken ?? undefined,
        token_type: 'DPoP',
        expires_at: tokens.expiresAt ?? undefined,
      },
    };
    return { get: async (sub) => (sub === session.sub ? stored : undefined), set: async (_sub, value) => onSet(value), del: async () => undefined };
  }

  /** A client for one operation, and the identities its resolver resolved (by DID). */
  private async client(stores: Partial<NodeOAuthClientStores>): Promise<{ client: NodeOAuthClient; resolved: Map<string, ResolvedIdentity> }> {
    const { NodeOAuthClient, requestLocalLock } = await oauthClientLibrary();
    const resolved = new Map<string, ResolvedIdentity>();
    const identityResolver: IdentityResolver = {
      resolve: async (identifier: string) => {
        const identity = await this.resolver.resolve(identifier);
        resolved.set(identity.did, identity);
        return { did: identity.did as `did:plc:${string}`, handle: identity.handle, didDoc: identity.didDoc as never };
      },
    };
    const none = { get: async () => undefined, set: async () => undefined, del: async () => undefined };
    const client = new NodeOAuthClient({
      clientMetadata: this.metadata,
      stateStore: stores.stateStore ?? none,
      sessionStore: stores.sessionStore ?? none,
      fetch: guardedFetchFunction(this.settings.fetcher),
      identityResolver,
      // Plain http to the PDS and authorization server only for a development server (plain-http
      // PUBLIC_URL), where stand-ins and local servers speak it.
      allowHttp: this.isLoopbackClient,
      requestLock: requestLocalLock,
    });
    return { client, resolved };
  }
}

type ClientOptions = ConstructorParameters<typeof NodeOAuthClient>[0];
type IdentityResolver = NonNullable<ClientOptions['identityResolver']>;
// The library types a redirect URI as one of the shapes it allows; the address is checked by it at run time.
type RedirectUri = `https://${string}`;

interface NodeOAuthClientStores {
  stateStore: ClientOptions['stateStore'];
  sessionStore: ClientOptions['sessionStore'];
}

function tokensOf(saved: NodeSavedSession): TokenSet {
  return {
    accessToken: saved.tokenSet.access_token,
    refreshToken: saved.tokenSet.refresh_token ?? null,
    expiresAt: saved.tokenSet.expires_at ?? null,
    scopes: saved.tokenSet.scope ?? null,
  };
}

function unreachable(err: unknown, fallback: string): IdentityUnresolvable {
  if (err instanceof IdentityUnresolvable) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof IdentityUnresolvable) return cause;
  return new IdentityUnresolvable(fallback);
}


/** The client the configuration describes (cheap: nothing is fetched until it is used). */
export function networkBOAuthFor(config: Config, fetcher: OutboundFetcher): NetworkBOAuth {
  return new NetworkBOAuth({ publicUrl: config.publicUrl, fetcher, directoryUrl: config.networks.networkBDirectoryUrl });
}
