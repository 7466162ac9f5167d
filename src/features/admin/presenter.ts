import { toBool } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { presentUser } from '../users/index.js';
import type { ACCOUNT_STATUSES, CUSTOMER_STATUSES } from '../users/service.js';

// The columns hold only these values (the service writes them); the wire types say so.
type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** The administrator view of a user (spec: "User as seen by administrators"). */
export function presentAdminUser(u: UserRow, isAdministrator: boolean) {
  const { theme: _theme, ...user } = presentUser(u);
  return {
    ...user,
    cleared: toBool(u.cleared),
    accountStatus: u.account_status as AccountStatus,
    customerStatus: u.customer_status as CustomerStatus,
    isAdministrator,
  };
}
