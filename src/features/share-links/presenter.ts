import type { DocumentRow } from '../documents/service.js';
import type { ResolvedLink } from './resolution.js';
import type { ShareLinkRow } from './queries.js';

// The one place that decides the wire shape of share links and of what a link opens.

/** A link as its owner lists it: never its token (only its hash is kept). */
export function presentLink(l: ShareLinkRow) {
  return { id: l.id, access: l.access, expiresAt: l.expires_at, createdAt: l.created_at, lastUsedAt: l.last_used_at };
}

/** A link just made: its URL, which holds the token, is shown in this answer only. */
export function presentNewLink(l: ShareLinkRow, url: string) {
  return { id: l.id, url, access: l.access, expiresAt: l.expires_at, createdAt: l.created_at };
}

/** A document as a link shows it: its text and revision, nothing of the owner's folders. */
export function presentSharedDocument(d: DocumentRow) {
  return { id: d.id, title: d.title, content: d.content, revision: d.revision, updatedAt: d.updated_at };
}

export function presentOwner(link: ResolvedLink) {
  return { username: link.owner.username, displayName: link.owner.displayName };
}
