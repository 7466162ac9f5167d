import type { ScreenName } from '../../src/features/web/paths';
import type { ScreenModule } from './screen-props';

// Every screen is its own lazily loaded chunk (the size budget: docs/web-client.md). A new screen:
// a path in src/features/web/paths.ts, a module in screens/ whose default export takes
// ScreenProps, and its loader here (the type makes a missing one an error).

export type { ScreenModule, ScreenProps } from './screen-props';

export const SCREENS: Record<ScreenName, () => Promise<ScreenModule>> = {
  home: () => import('./screens/home'),
  login: () => import('./screens/login'),
  register: () => import('./screens/register'),
  message: () => import('./screens/message'),
  profile: () => import('./screens/profile'),
  tag: () => import('./screens/tag'),
  search: () => import('./screens/search'),
  notifications: () => import('./screens/notifications'),
  followRequests: () => import('./screens/follow-requests'),
  lists: () => import('./screens/lists'),
  list: () => import('./screens/list'),
  documents: () => import('./screens/documents'),
  document: () => import('./screens/document'),
  shared: () => import('./screens/shared'),
  sharedWithMe: () => import('./screens/shared-with-me'),
  orgs: () => import('./screens/orgs'),
  org: () => import('./screens/org'),
  settings: () => import('./screens/settings'),
  admin: () => import('./screens/admin'),
  scheduled: () => import('./screens/scheduled'),
  direct: () => import('./screens/direct'),
  sharing: () => import('./screens/sharing'),
  notFound: () => import('./screens/not-found'),
};
