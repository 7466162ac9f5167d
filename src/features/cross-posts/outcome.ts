import { NetworkError } from '../../adapters/networks/types.js';
import { IdentityNotLinked, ReauthRequired } from '../identities/index.js';

// What a failed attempt of a delivery (or removal) comes to: tried again later, or ended with an
// error code the ledger shows. The provider's status code and words are kept for an administrator.

export interface AttemptFailure {
  final: boolean;
  error: string;
  errorCode: string;
  statusCode: number | null;
  retryAfterMs: number | null;
}

export function attemptFailure(err: unknown): AttemptFailure {
  if (err instanceof ReauthRequired) {
    return { final: true, error: 'The account refused the stored access and refreshing it failed: link it again', errorCode: 'reauth_required', statusCode: 401, retryAfterMs: null };
  }
  if (err instanceof IdentityNotLinked) return { final: true, error: 'The account is no longer linked', errorCode: 'network_not_linked', statusCode: null, retryAfterMs: null };
  if (err instanceof NetworkError) {
    switch (err.kind) {
      case 'unknown_outcome':
        return {
          final: true,
          error: `The connection was lost after the post was sent, so it may or may not have been made; it is not sent again (${err.message})`,
          errorCode: 'outcome_unknown',
          statusCode: err.statusCode,
          retryAfterMs: null,
        };
      case 'retryable':
        return { final: false, error: err.message, errorCode: err.statusCode === 429 ? 'rate_limited' : 'unavailable', statusCode: err.statusCode, retryAfterMs: err.retryAfterMs };
      default:
        return { final: true, error: err.message, errorCode: err.code ?? 'rejected', statusCode: err.statusCode, retryAfterMs: null };
    }
  }
  // Anything else (the refresh could not reach the provider, a database hiccup): try again.
  return { final: false, error: err instanceof Error ? err.message : String(err), errorCode: 'unavailable', statusCode: null, retryAfterMs: null };
}
