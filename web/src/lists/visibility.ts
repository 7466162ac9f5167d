import { hiddenColumnsOf } from '../../../src/features/lists/visibility';
import type { Column } from './cells';

// Conditional visibility is the service's own rule (src/features/lists/visibility.ts), imported,
// not written again: which columns a row's data hides, for the grid's cells and the new-row form.

export function hiddenFor(columns: readonly Column[]): (data: Record<string, unknown>) => Set<string> {
  return hiddenColumnsOf(columns as Parameters<typeof hiddenColumnsOf>[0]);
}
