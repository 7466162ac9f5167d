import { userRowsPart } from '../../runtime/user-data.js';

// Account deletion: the Administrator record, organization memberships and the e-mail log
// entries of mail sent to the user (their address is personal data).
export const administrationPart = userRowsPart('administration', ['administrators.user_id', 'organization_members.user_id', 'email_logs.user_id']);
