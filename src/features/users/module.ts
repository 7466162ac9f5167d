import type { FeatureModule } from '../../runtime/module.js';
import { userRoutes } from './routes.js';
import { USER_COMPONENTS } from './schemas.js';

export const usersModule: FeatureModule = {
  name: 'users',
  routes: [userRoutes],
  components: USER_COMPONENTS,
};
