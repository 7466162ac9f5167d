import type { FeatureModule } from '../../runtime/module.js';
import { orgInviteRoutes } from './invite-routes.js';
import { orgRoutes } from './routes.js';
import { ORG_COMPONENTS } from './schemas.js';
import { organizationsPart } from './user-data.js';

// Organizations: owner, admin and member roles, invites, posting to an
// organization. The system organization (`public`) is read here and managed by admin/.
export const orgsModule: FeatureModule = {
  name: 'orgs',
  routes: [orgRoutes, orgInviteRoutes],
  components: ORG_COMPONENTS,
  userData: [organizationsPart],
};
