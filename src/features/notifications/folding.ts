import type { AppContext } from '../../runtime/context.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { newId } from '../../lib/ids.js';
import { announceEvents, streamsOf } from '../events/index.js';
import { recordNotification } from './log-events.js';
import { notifyUsers, refoldNotice, unreadListNotice } from './queries.js';
import { pathTo } from './route-paths.js';

// `list_changed` notices, folded while unread: a
// recipient has at most one unread notice per list; a further change adds to its
// `metadata.changes` (and names the latest actor) instead of adding another. Once it is read (or
// deleted), the next change starts a new one. Safe when several instances fold at once: a fold
// reads the unread notice locked (PostgreSQL; SQLite has one writer) and rewrites it in one short
// transaction, and two first notices cannot both go in (migration 023's partial unique index):
// the one refused folds into the other.

export const LIST_CHANGED = 'list_changed';

/** Tries before giving up: a try is lost only when another first notice went in meanwhile. */
const ATTEMPTS = 3;

export interface ListChange {
  recipientId: string;
  actorId: string;
  list: { id: string; title: string };
  /** How many rows this change touched (one for a write through the API, every row of an import). */
  changes: number;
}

interface Actor {
  id: string;
  username: string;
  display_name: string;
  avatar: string | null;
}

/** The count an unread notice's metadata holds (0 for one that holds none). */
export function countIn(metadata: string): number {
  const changes = (JSON.parse(metadata) as { changes?: unknown }).changes;
  return typeof changes === 'number' && Number.isInteger(changes) && changes > 0 ? changes : 0;
}

/** Title and body of a notice counting `changes`, the latest by `actor`. */
export function listChangeWording(changes: number, actor: string, listTitle: string): { title: string; body: string } {
  const title = 'A list you watch changed';
  if (changes === 1) return { title, body: `${actor} changed a row of “${listTitle}”` };
  return { title, body: `${changes} changes to “${listTitle}”, the latest by ${actor}` };
}

/** The notice's fields for `changes` in all, the latest by `actor`. */
function noticeFields(change: ListChange, actor: Actor, changes: number) {
  const { title, body } = listChangeWording(changes, actor.display_name || actor.username, change.list.title);
  const metadata = { actor: { id: actor.id, username: actor.username, displayName: actor.display_name, avatar: actor.avatar }, listId: change.list.id, changes };
  return { actor_id: actor.id, title, body, metadata: JSON.stringify(metadata) };
}

/**
 * Tells the recipient of a change of a list's rows: a new unread notice, or the one unread already
 * counting it too. Answers which it did (`skipped` when the actor's account is gone).
 */
export async function foldListChange(ctx: AppContext, change: ListChange): Promise<'created' | 'folded' | 'skipped'> {
  const db = ctx.db.kysely;
  const actor = (await notifyUsers(db, [change.actorId]))[0];
  if (!actor) return 'skipped';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const outcome = await db.transaction().execute(async (trx) => {
        const open = await unreadListNotice(trx, ctx.db.engine, change.recipientId, LIST_CHANGED, change.list.id);
        if (open) {
          await refoldNotice(trx, open.id, noticeFields(change, actor, countIn(open.metadata) + change.changes));
          return 'folded' as const;
        }
        const routePath = pathTo('/lists', change.list.id);
        await recordNotification(ctx, {
          id: newId(),
          user_id: change.recipientId,
          type: LIST_CHANGED,
          ...noticeFields(change, actor, change.changes),
          action_url: routePath,
          route_path: routePath,
          target_message_id: null,
          target_list_id: change.list.id,
          target_org_id: null,
          created_at: ctx.clock.now().toISOString(),
        }, trx);
        return 'created' as const;
      });
      if (outcome === 'created') announceEvents(ctx, streamsOf([change.recipientId]));
      return outcome;
    } catch (err) {
      // Another instance's first notice went in meanwhile: fold into it.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error(`list_changed notice for ${change.recipientId} on ${change.list.id} still refused after ${ATTEMPTS} attempts`);
}
