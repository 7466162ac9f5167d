import type { UserDataPart } from '../../runtime/module.js';
import { userRowsPart } from '../../runtime/user-data.js';
import { csvStream } from '../../lib/csv.js';
import { FOLLOW_COLUMNS, followRecords } from '../exports/service.js';

// Account deletion: follows and follow requests, both ways. The archive has them as the export's CSV.
export const followsPart: UserDataPart = {
  ...userRowsPart('follows', ['follows.follower_id', 'follows.followee_id', 'follow_requests.requester_id', 'follow_requests.target_id']),
  async *exportFiles(ctx, userId) {
    yield { path: 'follows.csv', content: csvStream(FOLLOW_COLUMNS, followRecords(ctx, userId)) };
  },
};
