import { listen, type FeatureModule } from '../../runtime/module.js';
import { watchRoutes } from './routes.js';
import { WatchState } from './schemas.js';
import { tellWatchers } from './service.js';
import { listWatchersPart } from './user-data.js';

// Watchers of lists: who is told, in one folded notice, of changes to a list's rows.
export const watchersModule: FeatureModule = {
  name: 'watchers',
  routes: [watchRoutes],
  components: [WatchState],
  userData: [listWatchersPart],
  // After the write has committed, in the background: a failure never fails the write.
  listeners: [listen('listRowsChanged', tellWatchers)],
};
