import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { appendEvents, eventsFor, itemAudience } from '../events/index.js';

// What the documents feature writes to the event log (docs/events.md): `document.*` to everyone who
// may read the document (its owner, collaborators, members of organizations it is shared with),
// `folder.*` to the folder's owner (folders are not shared). The writes of one transaction are
// collected on its Writer (queries/documents.ts) and logged together before it commits, whatever
// path made them: the API, the sync push, templates, history restores, share-link edits.

export interface DocumentChange {
  type: 'document.created' | 'document.updated' | 'document.deleted' | 'folder.created' | 'folder.updated' | 'folder.deleted';
  /** The owner of the document or folder. */
  ownerId: string;
  /** Who made the change (the actor; null for an administrator's purge). */
  editorId: string | null;
  documentId?: string;
  data: Record<string, unknown>;
}

/** Logs the changes inside their transaction; answers the users written to, to announce after the commit. */
export async function logDocumentChanges(trx: Kysely<Database>, changes: readonly DocumentChange[], now: Date): Promise<string[]> {
  if (changes.length === 0) return [];
  const audiences = new Map<string, string[]>();
  const events = [];
  const written = new Set<string>();
  for (const change of changes) {
    let to: string[];
    if (change.documentId === undefined) to = [change.ownerId];
    else {
      to = audiences.get(change.documentId) ?? (await itemAudience(trx, { documentId: change.documentId }, now.toISOString()));
      audiences.set(change.documentId, to);
    }
    for (const id of to) written.add(id);
    events.push(...eventsFor(to, change.type, change.editorId, change.data));
  }
  await appendEvents(trx, events, now);
  return [...written];
}
