import type { FeatureModule } from '../../runtime/module.js';
import { userRoutes } from './routes.js';
import { USER_COMPONENTS } from './schemas.js';
import { releaseNameHolds } from './service.js';

export const usersModule: FeatureModule = {
  name: 'users',
  routes: [userRoutes],
  components: USER_COMPONENTS,
  periodic: [
    {
      name: 'name-holds',
      everyMs: 3600_000,
      group: 'housekeeping',
      counts: { nameHolds: 'e-mail addresses and usernames of deleted accounts freed after their cooling-off period' },
      run: async (ctx) => ({ nameHolds: await releaseNameHolds(ctx) }),
    },
  ],
};
