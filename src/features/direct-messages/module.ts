import type { FeatureModule } from '../../runtime/module.js';
import { directMessageRoutes } from './routes.js';
import { DIRECT_MESSAGE_COMPONENTS } from './schemas.js';
import { directMessagesReceivedPart, directMessagesSentPart } from './user-data.js';

export const directMessagesModule: FeatureModule = {
  name: 'direct-messages',
  routes: [directMessageRoutes],
  components: DIRECT_MESSAGE_COMPONENTS,
  userData: [directMessagesSentPart, directMessagesReceivedPart],
};
