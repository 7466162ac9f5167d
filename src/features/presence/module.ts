import type { FeatureModule } from '../../runtime/module.js';
import { presenceRoutes } from './routes.js';
import { PresenceList } from './schemas.js';
import { prunePresence } from './service.js';
import { presencePart } from './user-data.js';

// Presence on documents: heartbeats shared by every instance through the database.
export const presenceModule: FeatureModule = {
  name: 'presence',
  routes: [presenceRoutes],
  components: [PresenceList],
  userData: [presencePart],
  periodic: [
    {
      name: 'document-presence',
      everyMs: 60_000,
      group: 'housekeeping',
      counts: { presence: 'document presence heartbeats older than the 60-second window removed' },
      run: async (ctx) => ({ presence: await prunePresence(ctx) }),
    },
  ],
};
