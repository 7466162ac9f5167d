import type { OAuthProvider } from '../../../config.js';
import type { AppContext } from '../../../runtime/types.js';
import { RefreshRefused, type Refresher } from '../credentials.js';
import { codehost } from './codehost.js';
import { networkA } from './network-a.js';
import { networkBProvider } from './network-b.js';
import { networkC } from './network-c.js';
import { networkD } from './network-d.js';
import type { SignInProvider } from './types.js';

// The sign-in providers, one file each. A provider not listed here answers
// 503 provider_not_configured at its authorize step.

export const SIGN_IN_PROVIDERS: Partial<Record<OAuthProvider, SignInProvider>> = {
  networkA,
  networkB: networkBProvider,
  networkC,
  networkD,
  codehost,
};

export function signInProvider(provider: OAuthProvider): SignInProvider | null {
  return SIGN_IN_PROVIDERS[provider] ?? null;
}

/** The refresher of a provider's identities (withAccessToken's); a provider without refresh refuses. */
export function refresherFor(ctx: AppContext, provider: OAuthProvider): Refresher {
  const p = signInProvider(provider);
  const refresher = p?.refresher?.(ctx) ?? p?.refresh;
  return (
    refresher ??
    (async () => {
      throw new RefreshRefused(`${provider} tokens cannot be refreshed`);
    })
  );
}

export type { ProviderAccount, ProviderTarget, SignInProvider } from './types.js';
