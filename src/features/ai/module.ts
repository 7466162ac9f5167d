import type { FeatureModule } from '../../runtime/module.js';
import { aiRoutes } from './routes.js';
import { AI_COMPONENTS } from './schemas.js';
import { aiProvider } from './service.js';
import { pageFetcher } from './sources.js';
import { aiUsagePart } from './user-data.js';

export const aiModule: FeatureModule = {
  name: 'ai',
  routes: [aiRoutes],
  components: AI_COMPONENTS,
  state: [aiProvider, pageFetcher],
  userData: [aiUsagePart],
};
