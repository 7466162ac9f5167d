import { Type } from '@sinclair/typebox';

// Watching a list: a reader of it (owner or collaborator) is told of the changes others make to its rows.

export const WatchState = Type.Object({ watching: Type.Boolean({ description: 'Whether the caller watches the list now' }) }, { $id: 'WatchState', description: 'Watching now or not' });
