// What other features use of linked identities: the list of a user's identities, their
// credentials (opened, refreshed under a per-identity lock) and the sign-in providers' refreshers.

export { listIdentities, networkCTargets } from './service.js';
export {
  AccessTokenRejected,
  IdentityNotLinked,
  loadCredentials,
  markReauthRequired,
  ReauthRequired,
  RefreshRefused,
  storeSession,
  upsertIdentity,
  withAccessToken,
  type Credentials,
  type Refresher,
  type StoredTokens,
} from './credentials.js';
export { refresherFor, signInProvider } from './providers/index.js';
