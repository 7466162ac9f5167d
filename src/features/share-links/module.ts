import type { FeatureModule } from '../../runtime/module.js';
import { shareLinkRoutes } from './routes.js';
import { SHARE_LINK_COMPONENTS } from './schemas.js';
import { sharedRoutes } from './shared-routes.js';
import { shareLinksPart } from './user-data.js';

// Share links of lists and documents: their management by
// the item's owner, and reads and writes through them.
export const shareLinksModule: FeatureModule = {
  name: 'share-links',
  routes: [shareLinkRoutes, sharedRoutes],
  components: SHARE_LINK_COMPONENTS,
  userData: [shareLinksPart],
};
