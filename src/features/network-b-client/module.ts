import type { FeatureModule } from '../../runtime/module.js';
import { networkBClientRoutes } from './routes.js';

/** networkB's OAuth client: its metadata document (sign-in itself is the identities feature's). */
export const networkBClientModule: FeatureModule = {
  name: 'network-b-client',
  routes: [networkBClientRoutes],
};
