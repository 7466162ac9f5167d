import { platformModule } from '../http/platform-module.js';
import type { FeatureModule } from '../runtime/module.js';
import { adminModule } from './admin/module.js';
import { aiModule } from './ai/module.js';
import { analyticsModule } from './analytics/module.js';
import { archiveModule } from './archive/module.js';
import { authModule } from './auth/module.js';
import { billingModule } from './billing/module.js';
import { blocksModule } from './blocks/module.js';
import { crossPostsModule } from './cross-posts/module.js';
import { directMessagesModule } from './direct-messages/module.js';
import { documentsModule } from './documents/module.js';
import { eventsModule } from './events/module.js';
import { exportsModule } from './exports/module.js';
import { followsModule } from './follows/module.js';
import { blogModule } from './blog/module.js';
import { identitiesModule } from './identities/module.js';
import { listsModule } from './lists/module.js';
import { materializeModule } from './materialize/module.js';
import { mediaModule } from './media/module.js';
import { messagesModule } from './messages/module.js';
import { networkBClientModule } from './network-b-client/module.js';
import { notificationsModule } from './notifications/module.js';
import { orgsModule } from './orgs/module.js';
import { presenceModule } from './presence/module.js';
import { purgeModule } from './purge/module.js';
import { searchModule } from './search/module.js';
import { sharingModule } from './sharing/module.js';
import { shareLinksModule } from './share-links/module.js';
import { usersModule } from './users/module.js';
import { utilitiesModule } from './utilities/module.js';
import { watchersModule } from './watchers/module.js';
import { webModule } from './web/module.js';
import { webhooksModule } from './webhooks/module.js';

/**
 * Every module of the app, in the order their routes are registered: the one list `app.ts`, the
 * admin CLI and the tests build an app from. A new feature adds its `module.ts` here.
 */
export const FEATURES: readonly FeatureModule[] = [
  platformModule,
  analyticsModule,
  authModule,
  usersModule,
  identitiesModule,
  adminModule,
  listsModule,
  followsModule,
  orgsModule,
  sharingModule,
  messagesModule,
  crossPostsModule,
  mediaModule,
  exportsModule,
  documentsModule,
  shareLinksModule,
  presenceModule,
  blogModule,
  notificationsModule,
  watchersModule,
  blocksModule,
  directMessagesModule,
  aiModule,
  billingModule,
  materializeModule,
  purgeModule,
  archiveModule,
  utilitiesModule,
  networkBClientModule,
  eventsModule,
  webhooksModule,
  searchModule,
  // Last: the web client's pages and its catch-all 404 come after every API route.
  webModule(),
];
