import type { AppContext } from '../../runtime/context.js';
import { readDocument } from '../documents/service.js';
import { getList } from '../lists/service.js';

// Who may see another feature's list or document, for the features that act on them without
// owning them (presence on documents, watchers of lists): the lists' and documents' own reads,
// which ask the access module (sharing/access.ts): a list's owner or collaborators; a document's
// owner, collaborators, or anyone signed in when it is public. Both throw the item's 404 to a
// caller with no access, as every read of it does.

/** The list as its reader sees it (owner or collaborator), or the list's 404. */
export const readableList = async (ctx: AppContext, userId: string, listId: string): Promise<{ id: string; title: string }> => (await getList(ctx, userId, listId)).list;

/** The document as its reader sees it (anyone who can read it), or the document's 404. */
export const readableDocument = async (ctx: AppContext, userId: string, documentId: string): Promise<{ id: string; title: string }> => readDocument(ctx, userId, documentId);
