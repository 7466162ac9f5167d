import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

// The block and mute relations as other features ask about them (the visibility module,
// notifications, following, messages, direct messages).

/** Whether either user has blocked the other. */
export async function blockedEitherWay(db: Kysely<Database>, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const row = await db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', a), eb('blocked_id', '=', b)]),
        eb.and([eb('blocker_id', '=', b), eb('blocked_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return !!row;
}

/** Whether `muterId` has muted `mutedId`. */
export async function hasMuted(db: Kysely<Database>, muterId: string, mutedId: string): Promise<boolean> {
  const row = await db.selectFrom('mutes').select('muter_id').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).executeTakeFirst();
  return !!row;
}
