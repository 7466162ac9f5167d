import type { FeatureModule } from '../../runtime/module.js';
import { emailRoutes } from './email-routes.js';
import { authRoutes } from './routes.js';
import { dummyPasswordHash } from './service.js';
import { credentialsPart } from './user-data.js';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: [authRoutes, emailRoutes],
  state: [dummyPasswordHash],
  userData: [credentialsPart],
};
