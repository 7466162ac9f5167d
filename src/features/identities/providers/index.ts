import type { OAuthProvider } from '../../../config.js';
import type { SignInProvider } from './types.js';

// The sign-in providers, one file each. A provider not listed here answers
// 503 provider_not_configured at its authorize step.

export const SIGN_IN_PROVIDERS: Partial<Record<OAuthProvider, SignInProvider>> = {};

export function signInProvider(provider: OAuthProvider): SignInProvider | null {
  return SIGN_IN_PROVIDERS[provider] ?? null;
}

export type { ProviderAccount, SignInProvider } from './types.js';
