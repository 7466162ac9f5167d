import type { FeatureModule } from '../../runtime/module.js';
import { mediaRoutes } from './routes.js';
import { MEDIA_COMPONENTS } from './schemas.js';
import { purgeUnattachedUploads } from './service.js';
import { uploadsPart } from './user-data.js';

export const mediaModule: FeatureModule = {
  name: 'media',
  routes: [mediaRoutes],
  components: MEDIA_COMPONENTS,
  userData: [uploadsPart],
  periodic: [
    {
      name: 'unattached-uploads',
      everyMs: 3600_000,
      group: 'housekeeping',
      counts: { unattachedUploads: 'uploads never attached within 24 hours, deleted' },
      run: async (ctx) => ({ unattachedUploads: await purgeUnattachedUploads(ctx) }),
    },
  ],
};
