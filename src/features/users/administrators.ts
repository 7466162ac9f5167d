import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { badRequest } from '../../http/errors.js';
import { administratorsWithStatus } from './queries.js';
import type { AccountStatus } from './service.js';

// The one rule about administrators that several features enforce (administrator updates, bulk
// changes, account deletion): the service never loses its last working administrator.

const WORKING_STATUSES: AccountStatus[] = ['active', 'probation'];

/**
 * Refuses a change that would lock, demote or delete every remaining working administrator
 * (one with an Administrator record whose accountStatus is active or probation). `affectedIds`
 * are the users the change takes out of that set.
 */
export async function assertAdministratorsRemain(db: Kysely<Database>, affectedIds: readonly string[]): Promise<void> {
  if (affectedIds.length === 0) return;
  const working = await administratorsWithStatus(db, WORKING_STATUSES);
  const affected = new Set(affectedIds);
  const touched = working.some((a) => affected.has(a.user_id));
  if (touched && working.every((a) => affected.has(a.user_id))) {
    throw badRequest('This change would leave no active administrator', 'last_administrator');
  }
}
