import type { OAuthProvider } from '../../../config.js';
import type { AppContext } from '../../../runtime/types.js';
import type { Credentials, Refresher, StoredTokens } from '../credentials.js';

// One provider's part of sign-in and linking: where to send the browser, how to turn the
// callback's code into an account and tokens, and (where the provider has them) revocation and
// refresh. The routes (authorize, callback), the browser cookie, returnTo, linking vs signing in
// vs creating an account, identity_in_use and every oauth_error redirect are shared, in ../routes.

export interface ProviderAccount {
  providerUserId: string;
  handle: string;
  instanceName?: string;
  instanceUrl?: string | null;
  email?: string | null;
  emailVerified?: boolean;
  tokens: StoredTokens | null;
  session?: string | null;
  /** networkC: the authors this account may post as (its person; with the organization flow, the pages it administers). */
  targets?: ProviderTarget[];
}

export interface ProviderTarget {
  kind: 'person' | 'organization';
  /** The author URN. */
  externalId: string;
  name: string;
}

export interface SignInProvider {
  readonly provider: OAuthProvider;
  /** Whether the server has what it needs for this provider (client credentials); else 503 provider_not_configured. */
  configured?(ctx: AppContext): boolean;
  /** 400 provider_unreachable / 503 provider_not_configured are thrown as AppErrors from here. */
  authorizationUrl(
    ctx: AppContext,
    input: { state: string; codeChallenge: string | null; redirectUri: string; instance?: string; handle?: string; flow: 'signin' | 'org' },
  ): Promise<{ url: string; data?: unknown /* kept sealed with the state */ }>;
  /** Exchange the code; read the provider account. */
  complete(
    ctx: AppContext,
    input: { code: string; codeVerifier: string | null; redirectUri: string; instance: string | null; data: unknown; query: Record<string, string> },
  ): Promise<ProviderAccount>;
  /** Revoke at unlink, where the provider can. */
  revoke?(ctx: AppContext, creds: Credentials): Promise<void>;
  /** Refresh (networkC, networkD, networkB), for a provider that needs nothing of the app. */
  refresh?: Refresher;
  /** Refresh with the app's context (configuration, the guarded fetcher, the clock): preferred over `refresh`. */
  refresher?(ctx: AppContext): Refresher;
  /** Whether the provider takes a PKCE challenge (default true). */
  readonly pkce?: boolean;
}
