import type { FeatureModule } from '../../runtime/module.js';
import { searchRoutes } from './routes.js';
import { SEARCH_COMPONENTS } from './schemas.js';

// The ranked search across messages, documents and list rows (GET /api/search). The indexes it
// reads are migration 030's; the per-kind searches stay with their features.
export const searchModule: FeatureModule = {
  name: 'search',
  routes: [searchRoutes],
  components: SEARCH_COMPONENTS,
};
