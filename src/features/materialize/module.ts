import type { FeatureModule } from '../../runtime/module.js';
import { materializeRoutes } from './routes.js';
import { MATERIALIZE_COMPONENTS } from './schemas.js';

// Materialize stores nothing of its own (what it creates belongs to lists and documents), so it
// has no user-data part.
export const materializeModule: FeatureModule = {
  name: 'materialize',
  routes: [materializeRoutes],
  components: MATERIALIZE_COMPONENTS,
};
