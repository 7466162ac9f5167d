import type { FeatureModule } from '../../runtime/module.js';
import { emailRoutes } from './email-routes.js';
import { oauthRoutes } from './oauth-routes.js';
import { authRoutes } from './routes.js';
import { dummyPasswordHash } from './service.js';
import { credentialsPart } from './user-data.js';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: [authRoutes, emailRoutes, oauthRoutes],
  state: [dummyPasswordHash],
  userData: [credentialsPart],
};
