import type { FeatureModule } from '../../runtime/module.js';
import { sharingRoutes } from './routes.js';
import { SHARING_COMPONENTS } from './schemas.js';
import { sharingPart } from './user-data.js';

// Sharing and collaboration: collaborators on lists and documents, invites by e-mail,
// shared-with-me, and the access module (access.ts) every list and document route asks.
export const sharingModule: FeatureModule = {
  name: 'sharing',
  routes: [sharingRoutes],
  components: SHARING_COMPONENTS,
  userData: [sharingPart],
};
