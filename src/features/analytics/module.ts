import type { FeatureModule } from '../../runtime/module.js';
import { analyticsRoutes } from './routes.js';

export const analyticsModule: FeatureModule = {
  name: 'analytics',
  routes: [analyticsRoutes],
};
