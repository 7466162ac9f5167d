import { api, errorText, type Schemas } from '../api';
import type { DocVersion, SaveOutcome } from './editor';

// What the signed-in user may do with a document, from the public API alone: a document shared
// with them is in GET /api/shared-with-me with their (strongest) role; otherwise the owner is the
// one who may list its collaborators; anyone else reads a public document.

export type DocumentRole = 'owner' | 'editor' | 'viewer' | 'reader';
export type Doc = Schemas['Document'];

export const canEdit = (role: DocumentRole) => role === 'owner' || role === 'editor';

export async function documentRole(id: string): Promise<DocumentRole> {
  const shared = await api.GET('/api/shared-with-me');
  const grant = shared.data?.documents.find((d) => d.id === id);
  if (grant) return grant.role === 'editor' ? 'editor' : 'viewer';
  const owner = await api.GET('/api/documents/{id}/collaborators', { params: { path: { id } } });
  return owner.response.ok ? 'owner' : 'reader';
}

/** A save's answer as the editor takes it: saved, a conflict with the current version, or words. */
export function saveOutcome(result: { data?: { document: DocVersion }; error?: unknown; response: Response }): SaveOutcome {
  if (result.data) return { saved: result.data.document };
  const body = result.error as { code?: string; document?: DocVersion } | undefined;
  if (result.response.status === 409 && body?.code === 'revision_conflict' && body.document) return { conflict: body.document };
  return { error: errorText(result.error) };
}

/** An image stored for the document (the API's upload route); its absolute address. */
export async function uploadImage(id: string, file: File): Promise<{ url: string } | { error: string }> {
  const form = new FormData();
  form.append('file', file);
  const { data, error } = await api.POST('/api/documents/{id}/images/upload', {
    params: { path: { id } },
    // openapi-fetch sends FormData as it is (the browser sets the multipart boundary).
    body: form as unknown as { file: string },
  });
  return data ? { url: data.url } : { error: errorText(error, 'The image could not be uploaded.') };
}
