import type { FeatureModule } from '../../runtime/module.js';
import { authRoutes } from './routes.js';
import { dummyPasswordHash } from './service.js';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: [authRoutes],
  state: [dummyPasswordHash],
};
