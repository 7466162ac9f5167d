import type { FeatureModule } from '../../runtime/module.js';
import { directMessageRoutes } from './routes.js';
import { DIRECT_MESSAGE_COMPONENTS } from './schemas.js';

export const directMessagesModule: FeatureModule = {
  name: 'direct-messages',
  routes: [directMessageRoutes],
  components: DIRECT_MESSAGE_COMPONENTS,
};
