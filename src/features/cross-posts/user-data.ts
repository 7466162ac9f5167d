import { userRowsPart } from '../../runtime/user-data.js';

// A user's delivery records: removed with the purge's messages category (spec: "external
// cross-posts") and with the account. The copies on the networks are left as they are.
export const crossPostsPart = { ...userRowsPart('crossPosts', ['cross_post_deliveries.user_id']), category: 'messages' as const };
