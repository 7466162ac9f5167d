import { jobKind, type FeatureModule } from '../../runtime/module.js';
import { CREDENTIAL_STATE } from './credentials.js';
import { oauthRoutes } from './oauth-routes.js';
import { identityRoutes } from './routes.js';
import { REVOCATION_JOB, REVOCATION_RETRY_BASE_MS, runRevocation, type RevocationPayload } from './revocation.js';
import { IDENTITY_COMPONENTS } from './schemas.js';
import { identitiesPart } from './user-data.js';

declare module '../../runtime/types.js' {
  interface JobPayloads {
    'identity-revocation': RevocationPayload;
  }
}

// Linked outside identities: their credentials (sealed, refreshed), sign-in and linking through
// the providers, unlinking with revocation (and revocation after account deletion), networkC's posting targets.
export const identitiesModule: FeatureModule = {
  name: 'identities',
  routes: [identityRoutes, oauthRoutes],
  components: IDENTITY_COMPONENTS,
  state: CREDENTIAL_STATE,
  jobs: [jobKind(REVOCATION_JOB, runRevocation, { baseDelayMs: REVOCATION_RETRY_BASE_MS })],
  userData: [identitiesPart],
};
