import type { FeatureModule } from '../../runtime/module.js';
import { adminRoutes } from './routes.js';
import { ADMIN_COMPONENTS } from './schemas.js';
import { administrationPart } from './user-data.js';

export const adminModule: FeatureModule = {
  name: 'admin',
  routes: [adminRoutes],
  components: ADMIN_COMPONENTS,
  userData: [administrationPart],
};
