import type { AppContext } from '../../runtime/context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { hashToken, newToken } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { ownDocument, updateOwnersDocument, type DocumentRow } from '../documents/service.js';
import { addRow, deleteRow, editRow, presentRow, presentSchema, readOwnRows } from '../lists/index.js';
import { getList } from '../lists/service.js';
import { assertManages } from './manager.js';
import { presentOwner, presentSharedDocument } from './presenter.js';
import { deleteLinkOf, insertLink, linksOf, type ItemRef, type ShareLinkRow } from './queries.js';
import { openLink, readingItem } from './resolution.js';

// Share links of lists and documents: the owner makes,
// lists and revokes them; anyone holding one reads the item through it, and a signed-in verified
// account holding an edit link changes it, through the item's own feature under its own rules
// (a list's row rules, a document's revisions), attributed to that account.

/** The furthest a link's expiry may be: a year from its making. */
/** The per-address limit on requests through links: the web client's /s/<token> page counts too. */
export { countLinkRequest } from './throttle.js';

export const MAX_LIFETIME_MS = 365 * 24 * 3600_000;

export interface NewLinkInput {
  access: 'view' | 'edit';
  /** ISO 8601; absent or null: the link does not expire. */
  expiresAt?: string | null;
}

/** The expiry of a new link, checked: in the future and at most a year away (400 otherwise). */
function checkedExpiry(expiresAt: string | null | undefined, now: Date): string | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (at <= now.getTime()) throw badRequest('expiresAt must be in the future');
  if (at > now.getTime() + MAX_LIFETIME_MS) throw badRequest('expiresAt must be at most a year away');
  return new Date(at).toISOString();
}

export async function createLink(ctx: AppContext, userId: string, item: ItemRef, input: NewLinkInput): Promise<{ link: ShareLinkRow; url: string }> {
  await assertManages(ctx, userId, item);
  const now = ctx.clock.now();
  const token = newToken();
  const link: ShareLinkRow = {
    id: newId(),
    user_id: userId,
    list_id: item.kind === 'list' ? item.id : null,
    document_id: item.kind === 'document' ? item.id : null,
    access: input.access,
    token_hash: hashToken(token),
    expires_at: checkedExpiry(input.expiresAt, now),
    created_at: now.toISOString(),
    last_used_at: null,
  };
  await insertLink(ctx.db.kysely, link);
  return { link, url: `${ctx.config.publicUrl}/s/${token}` };
}

export async function listLinks(ctx: AppContext, userId: string, item: ItemRef): Promise<ShareLinkRow[]> {
  await assertManages(ctx, userId, item);
  return linksOf(ctx.db.kysely, item);
}

/** Revokes a link of the item: it is deleted, so the next use anywhere finds nothing. */
export async function revokeLink(ctx: AppContext, userId: string, item: ItemRef, linkId: string): Promise<void> {
  await assertManages(ctx, userId, item);
  if (!(await deleteLinkOf(ctx.db.kysely, item, linkId))) throw notFound('Share link not found');
}

// ---- through a link ----

/** What a link opens: the list (with its schema) or the document, and whose it is. */
export async function readThroughLink(ctx: AppContext, token: string) {
  const link = await openLink(ctx, token);
  const base = { kind: link.kind, access: link.access, owner: presentOwner(link) };
  if (link.kind === 'document') {
    return { ...base, document: presentSharedDocument(await readingItem(ownDocument(ctx, link.ownerId, link.itemId))) };
  }
  const { list, columns } = await readingItem(getList(ctx, link.ownerId, link.itemId));
  return { ...base, list: { id: list.id, title: list.title, description: list.description, schema: presentSchema(list, columns) } };
}

/** A page of the linked list's rows, as the list's own data read answers it. */
export async function rowsThroughLink(ctx: AppContext, token: string, page: { limit: number; offset: number }) {
  const link = await openLink(ctx, token, { kind: 'list' });
  return readingItem(readOwnRows(ctx, link.ownerId, link.itemId, page));
}

// Writes: an edit link, the change made through the item's own feature as its owner's data.

const EDIT_LIST = { kind: 'list', edit: true } as const;

/** The signed-in account writing through an edit link. */
export interface LinkHolder {
  id: string;
  username: string;
}

/** The signed-in holder writes, named in the row's updatedBy, with the owner's access (the link is checked). */
const holderAs = (holder: LinkHolder, ownerId: string) => ({ id: holder.id, username: holder.username, accessAs: ownerId });

export async function addRowThroughLink(ctx: AppContext, token: string, holder: LinkHolder, data: Record<string, unknown>) {
  const link = await openLink(ctx, token, EDIT_LIST);
  const { row, columns } = await addRow(ctx, holderAs(holder, link.ownerId), link.itemId, data);
  return presentRow(columns, row);
}

export async function editRowThroughLink(ctx: AppContext, token: string, holder: LinkHolder, rowId: string, data: Record<string, unknown>) {
  const link = await openLink(ctx, token, EDIT_LIST);
  const { row, columns } = await editRow(ctx, holderAs(holder, link.ownerId), link.itemId, rowId, data);
  return presentRow(columns, row);
}

export async function deleteRowThroughLink(ctx: AppContext, token: string, holder: LinkHolder, rowId: string): Promise<void> {
  const link = await openLink(ctx, token, EDIT_LIST);
  await deleteRow(ctx, holderAs(holder, link.ownerId), link.itemId, rowId);
}

/**
 * Changes the linked document's title or content through the owner's update path (a stale
 * `baseRevision` is its 409 revision_conflict), the revision named after `editorId`.
 */
export async function updateDocumentThroughLink(
  ctx: AppContext,
  token: string,
  editorId: string,
  patch: { title?: string; content?: string; baseRevision?: number },
): Promise<DocumentRow> {
  const link = await openLink(ctx, token, { kind: 'document', edit: true });
  return updateOwnersDocument(ctx, link.ownerId, link.itemId, patch, editorId);
}
