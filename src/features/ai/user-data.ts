import { userRowsPart } from '../../runtime/user-data.js';

// Account deletion: the user's lines of the AI usage ledger (a purge of content keeps them: they
// are the quota's record, not content).
export const aiUsagePart = userRowsPart('aiUsage', ['ai_usage.user_id']);
