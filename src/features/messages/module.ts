import { listen, type FeatureModule } from '../../runtime/module.js';
import { orgFeedRoutes } from './org-feed-routes.js';
import { publishRoutes } from './publish-routes.js';
import { messageReadCache } from './read-cache.js';
import { reportRoutes } from './report-routes.js';
import { messageRoutes } from './routes.js';
import { scheduledRoutes } from './scheduled-routes.js';
import { tagRoutes } from './tag-routes.js';
import { tagCountersTask, tagFold } from './tags.js';
import { publishScheduledTask } from './scheduling.js';
import { MESSAGE_COMPONENTS } from './schemas.js';
import { searchIndexer, searchIndexerState } from './search-index.js';
import { digsGivenPart, messagesPart, reportsFiledPart } from './user-data.js';

export const messagesModule: FeatureModule = {
  name: 'messages',
  routes: [messageRoutes, scheduledRoutes, reportRoutes, publishRoutes, tagRoutes, orgFeedRoutes],
  components: MESSAGE_COMPONENTS,
  state: [messageReadCache, searchIndexerState, tagFold],
  // A message that became visible goes into SQLite's search index in the next batch.
  listeners: [listen('publish', (ctx) => searchIndexer(ctx).soon())],
  periodic: [publishScheduledTask, tagCountersTask],
  userData: [messagesPart, digsGivenPart, reportsFiledPart],
};
