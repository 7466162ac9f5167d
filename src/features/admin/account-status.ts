import type { AppContext } from '../../runtime/context.js';
import type { UserRow, UserUpdate } from '../../db/types.js';
import type { AccountStatus } from '../users/service.js';
import { sendMail } from '../../runtime/mail.js';

// Account-status rules shared by the single-user and the bulk administrator updates.

/** Statuses that take write access away (an administrator in one of them no longer counts). */
export const LOCKED_STATUSES: readonly string[] = ['restricted', 'suspended', 'banned'];
/**
 * The columns an accountStatus change writes: setting `active` also clears the account unless the
 * request sets `cleared` itself.
 */
export function statusColumns(status: AccountStatus, clearedSent: boolean): UserUpdate {
  return { account_status: status, ...(status === 'active' && !clearedSent ? { cleared: true } : {}) };
}

const STATUS_TEXT: Record<AccountStatus, string> = {
  probation: 'Your account is in probation: you can publish plain posts, at a limited rate.',
  active: 'Your account is active and has full access.',
  restricted: 'Your account is restricted: you can still read, but you cannot publish or change content. You can appeal this decision.',
  suspended: 'Your account is suspended: you can still read, but you cannot publish or change content. You can appeal this decision.',
  banned: 'Your account has been banned and you have been signed out.',
};

const MAIL_CONCURRENCY = 5;

/** Tells each user their new account status (type account_status). Call after commit. */
export async function sendAccountStatusMails(
  ctx: AppContext,
  users: readonly Pick<UserRow, 'id' | 'email' | 'display_name'>[],
  status: AccountStatus,
): Promise<void> {
  const queue = [...users];
  const worker = async () => {
    for (let user = queue.shift(); user; user = queue.shift()) {
      await sendMail(ctx, {
        to: user.email,
        type: 'account_status',
        userId: user.id,
        subject: `Your account status is now ${status}`,
        text: `Hello ${user.display_name},\n\nAn administrator changed your account status to "${status}".\n\n${STATUS_TEXT[status]}\n`,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, queue.length) }, worker));
}
