import { api, type Schemas } from '../api';
import { useSession } from '../session';
import { saveOutcome } from './access';
import { DocumentEditor } from './editor';
import { MarkdownPreview } from './preview';

// A document opened through a share link (`/s/<token>`): its rendered text for anyone holding
// the link; with an edit link and a signed-in account with a verified e-mail, the editor, saving
// through the link (PATCH /api/shared/{token}, with the same revision conflicts as the owner's).

export function SharedDocument({ token, access, doc }: { token: string; access: Schemas['SharedItem']['access']; doc: Schemas['SharedDocument'] }) {
  const user = useSession();
  if (access === 'edit' && user?.emailVerified) {
    return (
      <DocumentEditor
        initial={doc}
        save={async (change) => saveOutcome(await api.PATCH('/api/shared/{token}', { params: { path: { token } }, body: change }))}
      />
    );
  }
  return (
    <>
      {access === 'edit' ? (
        <p class="notice">
          {user ? 'Verify your e-mail address to edit this document through its link.' : (
            <>
              This link lets you edit the document: <a href="/login">sign in</a> to edit it.
            </>
          )}
        </p>
      ) : null}
      <MarkdownPreview markdown={doc.content} label="Document text" />
    </>
  );
}
