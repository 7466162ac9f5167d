import { join } from 'node:path';
import type { FeatureModule } from '../../runtime/module.js';
import { webRoutes } from './routes.js';

// The web client (issue 35; docs/web-client.md). Registered after every API module,
// so that no /api/… path is ever the client's. Its sources are in web/ (docs/web-client.md).

export const WEB_DIST = join(import.meta.dirname, '..', '..', '..', 'dist', 'web');

/** The module serving the client built into `distDir` (tests pass a missing one for the 503). */
export function webModule(distDir = WEB_DIST): FeatureModule {
  return { name: 'web', routes: [webRoutes(distDir)] };
}
