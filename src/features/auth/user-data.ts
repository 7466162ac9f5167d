import { userRowsPart } from '../../runtime/user-data.js';

// Account deletion: the user's credentials and e-mailed tokens. Deletion already ends the
// sessions and sync tokens in the transaction that starts it; this part runs first all the same.
export const credentialsPart = userRowsPart('credentials', ['sessions.user_id', 'sync_tokens.user_id', 'email_tokens.user_id'], 1000);
