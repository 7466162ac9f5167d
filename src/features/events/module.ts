import type { FeatureModule } from '../../runtime/module.js';
import { eventStreamPart } from './user-data.js';

// The event log (docs/events.md): one ordered stream per user, read by pull and by the live stream.
export const eventsModule: FeatureModule = {
  name: 'events',
  userData: [eventStreamPart],
};
