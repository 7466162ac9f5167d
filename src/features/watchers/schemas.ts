import { Type } from '@sinclair/typebox';

// Watching a list (CONTRACT, "Sharing and collaboration").

export const WatchState = Type.Object({ watching: Type.Boolean({ description: 'Whether the caller watches the list now' }) }, { $id: 'WatchState', description: 'Watching now or not' });
