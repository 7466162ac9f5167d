import { jobKind, type FeatureModule } from '../../runtime/module.js';
import { archiveRoutes } from './routes.js';
import { ARCHIVE_COMPONENTS } from './schemas.js';
import { buildArchive, expireArchives } from './service.js';
import { archivesPart } from './user-data.js';

export const archiveModule: FeatureModule = {
  name: 'archive',
  routes: [archiveRoutes],
  components: ARCHIVE_COMPONENTS,
  jobs: [jobKind('user-archive', (ctx, p) => buildArchive(ctx, p.archiveId))],
  userData: [archivesPart],
  periodic: [
    {
      name: 'expired-archives',
      everyMs: 3600_000,
      group: 'housekeeping',
      counts: { archives: 'data archives whose 24-hour download window ended, deleted' },
      run: async (ctx) => ({ archives: await expireArchives(ctx) }),
    },
  ],
};
