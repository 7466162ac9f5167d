import type { FeatureModule } from '../../runtime/module.js';
import { CREDENTIAL_STATE } from './credentials.js';
import { oauthRoutes } from './oauth-routes.js';
import { identityRoutes } from './routes.js';
import { IDENTITY_COMPONENTS } from './schemas.js';
import { identitiesPart } from './user-data.js';

// Linked outside identities: their credentials (sealed, refreshed), sign-in and linking through
// the providers, unlinking with revocation, networkC's posting targets.
export const identitiesModule: FeatureModule = {
  name: 'identities',
  routes: [identityRoutes, oauthRoutes],
  components: IDENTITY_COMPONENTS,
  state: CREDENTIAL_STATE,
  userData: [identitiesPart],
};
