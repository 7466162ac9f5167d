import { AppError, forbidden, notFound } from '../../http/errors.js';
import { hashToken } from '../../lib/crypto.js';
import type { AppContext } from '../../runtime/context.js';
import { linkByTokenHash, touchLink, type ItemKind } from './queries.js';

// From a token to a link in force: the one way every read and write through a share link starts.
// A token of the wrong form, an unknown or revoked one (no row: revoking deletes it), an expired
// one, or one whose item was deleted or is no longer there are all the same 404, body for body,
// so that a link's answer tells nothing about why it does not work. Nothing is cached: each use
// reads the link's row, so a link revoked through one instance is refused by all at once.

/** The form of every token (lib/crypto.ts newToken: 32 random bytes as hex). */
const TOKEN_FORM = /^[0-9a-f]{64}$/;

/** A use is recorded (lastUsedAt) at most once a minute per link, so that reads rarely write. */
export const RECORD_USE_EVERY_MS = 60_000;

/** The one answer to a link that does not work, whatever the reason. */
export const linkNotFound = () => notFound('This share link does not exist, has been revoked or has expired', 'not_found');

/** A link in force, and what it opens. */
export interface ResolvedLink {
  id: string;
  access: 'view' | 'edit';
  kind: ItemKind;
  itemId: string;
  ownerId: string;
  owner: { username: string; displayName: string };
}

/** What an operation needs of its link: an item of one kind (else 404), edit access (else 403 read_only_link). */
export interface LinkNeeds {
  kind?: ItemKind;
  edit?: boolean;
}

const WRONG_KIND: Record<ItemKind, string> = {
  document: 'This share link opens a document, which has no rows',
  list: 'This share link opens a list: change its rows through /data',
};

/**
 * The link of `token` if it is in force and fit for the operation; its use is then recorded. A
 * refused operation (another kind of item, a write through a view link) records none.
 */
export async function openLink(ctx: AppContext, token: string, needs: LinkNeeds = {}): Promise<ResolvedLink> {
  if (!TOKEN_FORM.test(token)) throw linkNotFound();
  const db = ctx.db.kysely;
  const row = await linkByTokenHash(db, hashToken(token));
  if (!row) throw linkNotFound();
  const now = ctx.clock.now();
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime()) throw linkNotFound();
  const kind: ItemKind = row.list_id !== null ? 'list' : 'document';
  if (needs.kind !== undefined && needs.kind !== kind) throw notFound(WRONG_KIND[kind], 'not_found');
  if (needs.edit === true && row.access !== 'edit') throw forbidden('This share link is read-only: it lets you view, not change', 'read_only_link');
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= RECORD_USE_EVERY_MS) await touchLink(db, row.id, now.toISOString());
  return {
    id: row.id,
    access: row.access,
    kind,
    itemId: (row.list_id ?? row.document_id)!,
    ownerId: row.owner_id,
    owner: { username: row.owner_username, displayName: row.owner_display_name },
  };
}

/**
 * A read of the link's item by its own feature, whose 404 (the item went between the link's
 * lookup and this read) is the link's 404 like any other link that does not work.
 */
export async function readingItem<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    throw err instanceof AppError && err.statusCode === 404 ? linkNotFound() : err;
  }
}
