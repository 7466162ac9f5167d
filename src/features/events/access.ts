import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connection.js';
import type { Database } from '../../db/types.js';
import type { AppContext } from '../../runtime/types.js';
import { announceEvents } from './announce.js';
import { appendEvents, itemReaders, lockItemRows, streamOfUser, type EventInput, type SharedItemRef } from './queries.js';

// Who may read a shared item changed (a share granted, revoked or given another role, an invite
// accepted, an organization's member came or went): `share.granted` to each user who can read it
// now and could not before, `share.revoked` to each who could and no longer can, and
// `share.updated` (with the new role) to each who still can with a different strongest role. The revoke is the
// contract's tombstone for that reader (the item's id, `deletedAt`, `reason: "access_revoked"`);
// every later event of the item is written to `itemAudience` read in its own transaction, which
// no longer holds them. `changeAccess` wraps such a change: the items' locks, the audiences
// before, the change, the events, one transaction, announced after the commit.

type Tx = Kysely<Database>;

export type { SharedItemRef };

/** Who can read each item now (its owner, collaborators and sharing organizations' members), with their role's rank. */
export async function audiencesOf(trx: Tx, items: readonly SharedItemRef[], now: Date): Promise<Map<string, number>[]> {
  const out: Map<string, number>[] = [];
  for (const item of items) out.push(await itemReaders(trx, item, now.toISOString()));
  return out;
}

/** The role a rank of a collaborator stands for (share.updated's `role`). */
const ROLE_OF_RANK: Record<number, string> = { 1: 'viewer', 2: 'editor' };

/**
 * PostgreSQL: takes the items' row locks before a change of who may read them. Every write that
 * logs an item's events updates the item's row (a version or revision bump) before it reads the
 * audience, so it either commits before this change (its events come before the revoke) or waits
 * for it and then reads the new audience. SQLite has one writer: nothing to take.
 */
export async function lockItems(trx: Tx, engine: Engine, items: readonly SharedItemRef[]): Promise<void> {
  if (engine !== 'postgres') return;
  await lockItemRows(
    trx,
    items.flatMap((i) => ('listId' in i ? [i.listId] : [])),
    items.flatMap((i) => ('documentId' in i ? [i.documentId] : [])),
  );
}

/**
 * After the change, in its transaction: the events of readers gained and lost, item by item
 * (`before[i]` is the audience of `items[i]` read before the change). Answers the users written to.
 */
export async function logAccessChanges(trx: Tx, items: readonly SharedItemRef[], before: readonly ReadonlyMap<string, number>[], actorId: string | null, now: Date): Promise<string[]> {
  const after = await audiencesOf(trx, items, now);
  const events: EventInput[] = [];
  const deletedAt = now.toISOString();
  items.forEach((item, i) => {
    const had = before[i];
    const has = after[i];
    for (const [id, rank] of has) {
      const was = had.get(id);
      if (was === undefined) events.push({ stream: streamOfUser(id), type: 'share.granted', actorId, data: { ...item } });
      else if (was !== rank) events.push({ stream: streamOfUser(id), type: 'share.updated', actorId, data: { ...item, role: ROLE_OF_RANK[rank] } });
    }
    for (const id of had.keys()) if (!has.has(id)) events.push({ stream: streamOfUser(id), type: 'share.revoked', actorId, data: { ...item, deletedAt, reason: 'access_revoked' } });
  });
  await appendEvents(trx, events, now);
  return [...new Set(events.map((e) => e.stream.slice('user:'.length)))];
}

export interface AccessChange<T> {
  result: T;
  /** Streams the change itself wrote to (its other events), announced with the access events. */
  streams?: readonly string[];
}

/**
 * A change of who may read `items`, made by `change` inside one transaction with its events:
 * `share.granted` to each reader gained, `share.revoked` to each reader lost, `share.updated` to
 * each whose role changed, announced once it
 * commits. `change` may append events of its own (answering the users it wrote to).
 */
export async function changeAccess<T>(ctx: AppContext, actorId: string | null, items: readonly SharedItemRef[], change: (trx: Tx, now: Date) => Promise<AccessChange<T>>): Promise<T> {
  const { result, streams } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    return changeAccessIn(trx, ctx.db.engine, actorId, items, now, (t) => change(t, now));
  });
  announceEvents(ctx, streams);
  return result;
}

/**
 * changeAccess inside the caller's transaction (a change that is one part of a larger one):
 * answers the change's result and every stream written, which the caller announces once its
 * transaction commits.
 */
export async function changeAccessIn<T>(trx: Tx, engine: Engine, actorId: string | null, items: readonly SharedItemRef[], now: Date, change: (trx: Tx) => Promise<AccessChange<T>>): Promise<{ result: T; streams: string[] }> {
  await lockItems(trx, engine, items);
  const before = await audiencesOf(trx, items, now);
  const done = await change(trx);
  const users = await logAccessChanges(trx, items, before, actorId, now);
  return { result: done.result, streams: [...(done.streams ?? []), ...users.map(streamOfUser)] };
}
