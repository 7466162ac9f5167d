import type { FeatureModule } from '../../runtime/module.js';
import { credentialRoutes } from './credential-routes.js';
import { emailRoutes } from './email-routes.js';
import { authRoutes } from './routes.js';
import { AUTH_COMPONENTS } from './schemas.js';
import { dummyPasswordHash } from './service.js';
import { credentialsPart } from './user-data.js';

export const authModule: FeatureModule = {
  name: 'auth',
  routes: [authRoutes, emailRoutes, credentialRoutes],
  components: AUTH_COMPONENTS,
  state: [dummyPasswordHash],
  userData: [credentialsPart],
};
