import type { FeatureModule } from '../../runtime/module.js';
import { exportRoutes } from './routes.js';

export const exportsModule: FeatureModule = {
  name: 'exports',
  routes: [exportRoutes],
};
