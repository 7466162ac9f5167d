// What other features use of sharing: the access module, the one answer to "what may this caller
// do with this list or document" (access.ts).

export {
  accessRankSql,
  assertRole,
  callerRef,
  callerTable,
  grantedItemIds,
  itemAccess,
  requireRole,
  roleOfRank,
  type Access,
  type ItemKind,
  type Role,
} from './access.js';
