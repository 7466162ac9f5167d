import type { FeatureModule } from '../../runtime/module.js';
import { followRoutes } from './routes.js';
import { FOLLOW_COMPONENTS } from './schemas.js';
import { followsPart } from './user-data.js';

export const followsModule: FeatureModule = {
  name: 'follows',
  routes: [followRoutes],
  components: FOLLOW_COMPONENTS,
  userData: [followsPart],
};
