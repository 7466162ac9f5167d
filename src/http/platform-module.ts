import type { FeatureModule } from '../runtime/module.js';
import { credentialBatches } from './auth.js';
import { cronRoutes } from './cron-routes.js';
import { gzippedAnswers } from './gzip-answer.js';
import { pageRoutes } from './pages/routes.js';
import { platformRoutes } from './platform-routes.js';
import { rateLimitPruneClock } from './rate-limit.js';
import { SHARED_COMPONENTS } from './schemas.js';
import { linkSigningKey } from '../runtime/signed-links.js';

// The platform's own part of the app, in the shape of a feature module: health and the OpenAPI
// document, the pages behind e-mailed links, the operator's cron endpoints, the shared component
// schemas, and the per-app state of the rate limiter, of the credential lookups, of the key
// that signs unsubscribe links and of the gzipped copies of large answers.
export const platformModule: FeatureModule = {
  name: 'platform',
  routes: [platformRoutes, pageRoutes, cronRoutes],
  components: SHARED_COMPONENTS,
  state: [rateLimitPruneClock, credentialBatches, linkSigningKey, gzippedAnswers],
};
