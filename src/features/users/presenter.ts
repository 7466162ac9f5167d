import { toBool } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import type { ACCOUNT_STATUSES, CUSTOMER_STATUSES } from './service.js';
import type { VIEWING_PREFERENCES } from './schemas.js';

// The columns hold only these values (the service writes them); the wire types say so.
type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
type ViewingPreference = (typeof VIEWING_PREFERENCES)[number];

// The one place that decides the wire shape of a user.

export function presentUser(u: UserRow) {
  return {
    id: u.id,
    // An account made by an outside sign-in without a verified address holds a reserved one (`.invalid`): shown as none.
    email: u.email.endsWith('.invalid') ? '' : u.email,
    username: u.username,
    displayName: u.display_name,
    avatar: u.avatar,
    bio: u.bio,
    theme: u.theme,
    emailVerified: toBool(u.email_verified),
    createdAt: u.created_at,
  };
}

/** GET /api/user: the User fields plus the current-user settings. */
export function presentCurrentUser(u: UserRow) {
  return {
    ...presentUser(u),
    customerStatus: u.customer_status as CustomerStatus,
    maxMessageLength: u.max_message_length,
    viewingPreference: u.viewing_preference as ViewingPreference,
    accountStatus: u.account_status as AccountStatus,
    isPrivate: toBool(u.is_private),
    defaultPubliclyVisible: toBool(u.default_publicly_visible),
  };
}

/** The short form used in account lists, followers and message authors. */
export function presentUserSummary(u: Pick<UserRow, 'id' | 'username' | 'display_name' | 'avatar'>) {
  return { id: u.id, username: u.username, displayName: u.display_name, avatar: u.avatar };
}
