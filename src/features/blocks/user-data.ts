import { userRowsPart } from '../../runtime/user-data.js';

// Account deletion: blocks, mutes and reports of users, both ways.
export const blocksPart = userRowsPart('blocksAndMutes', [
  'blocks.blocker_id',
  'blocks.blocked_id',
  'mutes.muter_id',
  'mutes.muted_id',
  'user_reports.reporter_id',
  'user_reports.reported_id',
]);
