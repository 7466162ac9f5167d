import type { Item } from './plan.js';

/** One line per planned change, for status and for the run's own report (null: nothing to say). */
export function describe(item: Item): string | null {
  switch (item.kind) {
    case 'download':
      return `download        ${item.path}${item.from && item.from !== item.path ? ` (from ${item.from})` : ''}${item.note ? `: ${item.note}` : ''}`;
    case 'move-local':
      return `move here       ${item.from} -> ${item.to}`;
    case 'delete-local':
      return `delete here     ${item.path}`;
    case 'conflict':
      return `CONFLICT        ${item.path}: ${item.note}`;
    case 'mkdir':
      return `make folder     ${item.path}/`;
    case 'create-folder':
      return `create folder   ${item.path}/ on the server`;
    case 'upload':
      return `${item.contentChanged ? 'upload          ' : 'move remote     '}${item.path}${item.moved && item.contentChanged ? ' (moved here)' : ''}`;
    case 'delete-remote':
      return `delete remote   ${item.path}`;
    case 'create-remote':
      return `create remote   ${item.path}${item.note ? `: ${item.note}` : ''}`;
    case 'delete-folder':
      return `delete folder   ${item.path}/ on the server`;
    case 'move-folder':
      return `move folder     ${item.from}/ -> ${item.to}/ on the server`;
    case 'forget':
      return item.note ? `keep here       ${item.path}: ${item.note}` : null;
    case 'held':
      return `CONFLICT        ${item.path}: unresolved; remove ${item.conflict} once merged`;
    case 'adopt':
      return null;
  }
}
