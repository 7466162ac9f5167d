import { jobKind, type FeatureModule } from '../../runtime/module.js';
import { geoDatabase } from './geo.js';
import { expireCachedImage } from './image-cache.js';
import { proxyFetchesInFlight } from './image-proxy.js';
import { utilityRoutes } from './routes.js';
import { UTILITY_COMPONENTS } from './schemas.js';
import { weatherCache } from './weather.js';

declare module '../../runtime/types.js' {
  interface JobPayloads {
    /** Removes a proxied image from the blob store when its 24 hours are over (image-cache.ts). */
    'image-proxy-expire': { key: string };
  }
}

// The utility helpers: the image proxy (its cache in the blob store, expired by a job), the
// geolocation database and the weather cache (per-app state).
export const utilitiesModule: FeatureModule = {
  name: 'utilities',
  routes: [utilityRoutes],
  components: UTILITY_COMPONENTS,
  state: [geoDatabase, weatherCache, proxyFetchesInFlight],
  jobs: [jobKind('image-proxy-expire', (ctx, payload) => expireCachedImage(ctx, payload))],
};
