import type { FeatureModule } from '../../runtime/module.js';
import { blockRoutes } from './routes.js';
import { BLOCK_COMPONENTS } from './schemas.js';
import { blocksPart } from './user-data.js';

export const blocksModule: FeatureModule = {
  name: 'blocks',
  routes: [blockRoutes],
  components: BLOCK_COMPONENTS,
  userData: [blocksPart],
};
