import { jobKind, type FeatureModule } from '../../runtime/module.js';
import { runRemoval } from './removal.js';
import { purgeRoutes } from './routes.js';
import { PURGE_COMPONENTS } from './schemas.js';

export const purgeModule: FeatureModule = {
  name: 'purge',
  routes: [purgeRoutes],
  components: PURGE_COMPONENTS,
  // A run that stopped mid-way (its process died, its lease ended) is taken again and resumes.
  jobs: [
    jobKind('user-removal', async (ctx, p) => {
      await runRemoval(ctx, p.removalId);
    }),
  ],
};
