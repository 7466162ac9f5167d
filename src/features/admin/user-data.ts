import { userRowsPart } from '../../runtime/user-data.js';

// Account deletion: the Administrator record and the e-mail log entries of mail sent to the user
// (their address is personal data). Organization memberships go with the organizations part,
// which tells each organization (orgs/user-data.ts).
export const administrationPart = userRowsPart('administration', ['administrators.user_id', 'email_logs.user_id']);
