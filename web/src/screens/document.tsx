import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { DocumentMaterialize, useCanMaterialize } from '../components/selection';
import { useTitle } from '../components/title';
import { canEdit, documentRole, saveOutcome, uploadImage, type Doc, type DocumentRole } from '../documents/access';
import { DocumentEditor, type DocVersion } from '../documents/editor';
import { DocumentHistory } from '../documents/history';
import { MarkdownPreview } from '../documents/preview';
import { moveTargets } from '../documents/tree';
import { onLive } from '../live';
import { navigate } from '../router';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import NotFound from './not-found';
import './documents.css';

// `/documents/<id>`: a document with the editor (owner and editors) or its rendered text
// (viewers, readers of a public document); who else is on it (presence); its history with a diff
// and restore; and for the owner its folder, public switch and delete. While the page is open it
// looks for newer versions (someone else's edits appear without a reload) and keeps its presence.

type Present = Schemas['DocumentPresence']['present'][number];
type Folder = Schemas['DocumentFolder'];

/** How often the page says it is here and sees who else is (presence lasts 60 s). */
export const PULSE_MS = 5000;

export default function DocumentScreen({ param: id }: ScreenProps) {
  const user = useSession();
  const [doc, setDoc] = useState<Doc | null | 'missing'>(null);
  const [role, setRole] = useState<DocumentRole>('reader');
  const [latest, setLatest] = useState<DocVersion | null>(null);
  const [present, setPresent] = useState<Present[]>([]);
  const [folders, setFolders] = useState<Folder[]>([]);
  const [showHistory, setShowHistory] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState('');
  const editing = useRef(false);
  const canMaterialize = useCanMaterialize();
  useTitle(doc && doc !== 'missing' ? doc.title : 'Document');

  useEffect(() => {
    if (!user) return;
    let live = true;
    setDoc(null);
    void (async () => {
      const { data } = await api.GET('/api/documents/{id}', { params: { path: { id } } });
      if (!live) return;
      if (!data) return setDoc('missing');
      const r = await documentRole(id);
      if (!live) return;
      setRole(r);
      setDoc(data.document);
      if (r === 'owner') {
        const list = await api.GET('/api/documents/folders');
        if (live && list.data) setFolders(list.data.folders);
      }
    })();
    return () => {
      live = false;
    };
  }, [id, user?.id]);

  // The pulse: presence (editing while there are unsaved changes; presence has no event, so it is
  // asked), and the newest version whenever the event stream says the document changed.
  const loaded = doc !== null && doc !== 'missing';
  useEffect(() => {
    if (!loaded) return;
    const pulse = async () => {
      if (document.visibilityState !== 'visible') return;
      const here = await api.POST('/api/documents/{id}/presence', { params: { path: { id } }, body: { editing: editing.current } });
      if (here.data) setPresent(here.data.present);
    };
    const reread = async () => {
      const now = await api.GET('/api/documents/{id}', { params: { path: { id } } });
      if (now.data) newer(now.data.document);
    };
    void pulse();
    const timer = setInterval(() => void pulse(), PULSE_MS);
    document.addEventListener('visibilitychange', pulse);
    const stop = onLive(`document:${id}`, () => void reread());
    return () => {
      clearInterval(timer);
      stop();
      document.removeEventListener('visibilitychange', pulse);
    };
  }, [id, loaded]);

  /** A version from the server: kept when it is newer than what the page shows. */
  const newer = (next: Doc) => {
    setDoc((prev) => (prev && prev !== 'missing' && next.revision > prev.revision ? next : prev));
    setLatest((prev) => (!prev || next.revision > prev.revision ? next : prev));
  };

  if (user === null) {
    return (
      <>
        <h1 tabIndex={-1}>Document</h1>
        <p>
          <a href="/login">Sign in</a> to read your documents.
        </p>
      </>
    );
  }
  if (doc === 'missing') return <NotFound />;
  if (!doc) {
    // The same first elements as the loaded page, so that the heading focused on arrival stays.
    return (
      <article class="document-page">
        <p class="doc-back">
          <a href="/documents">← Documents</a>
        </p>
        <h1 tabIndex={-1} class="loading">
          Loading the document…
        </h1>
      </article>
    );
  }

  const back = doc.folderId && role === 'owner' ? `/documents?folder=${encodeURIComponent(doc.folderId)}` : '/documents';
  const others = present.filter((p) => p.user.id !== user?.id);

  const update = async (body: { folderId?: string | null; isPublic?: boolean }) => {
    setError('');
    const { data, error: failure } = await api.PATCH('/api/documents/{id}', { params: { path: { id } }, body });
    if (!data) return setError(errorText(failure));
    newer(data.document);
  };
  const remove = async () => {
    const { response, error: failure } = await api.DELETE('/api/documents/{id}', { params: { path: { id } } });
    if (!response.ok) return setError(errorText(failure));
    navigate(back);
  };

  return (
    <article class="document-page">
      <p class="doc-back">
        <a href={back}>← Documents</a>
      </p>
      <h1 tabIndex={-1}>{doc.title}</h1>
      <p class="meta">
        {role === 'owner' ? 'Yours' : role === 'editor' ? 'Shared with you: you can edit' : role === 'viewer' ? 'Shared with you: read only' : 'Public document'} · revision {doc.revision} · updated{' '}
        <time dateTime={doc.updatedAt}>{new Date(doc.updatedAt).toLocaleString()}</time>
      </p>
      <p class="doc-presence" role="status">
        {others.length ? `Also here: ${others.map((p) => `${p.user.displayName} (@${p.user.username})${p.editing ? ', editing' : ''}`).join('; ')}` : ''}
      </p>

      {canEdit(role) ? (
        <DocumentEditor
          key={doc.id}
          initial={doc}
          latest={latest}
          save={async (change) => saveOutcome(await api.PATCH('/api/documents/{id}', { params: { path: { id } }, body: change }))}
          upload={(file) => uploadImage(id, file)}
          onSaved={(saved) => newer({ ...doc, ...saved })}
          onDirty={(dirty) => {
            editing.current = dirty;
          }}
        />
      ) : (
        <MarkdownPreview markdown={doc.content} label="Document text" />
      )}

      {role === 'owner' ? (
        <section class="doc-settings" aria-labelledby="doc-settings-heading">
          <h2 id="doc-settings-heading">Where and who</h2>
          <label for="doc-folder">Folder</label>
          <select id="doc-folder" value={doc.folderId ?? ''} onChange={(e) => void update({ folderId: e.currentTarget.value || null })}>
            {moveTargets(folders, null).map((t) => (
              <option key={t.id ?? ''} value={t.id ?? ''}>
                {t.label}
              </option>
            ))}
          </select>
          <label class="check">
            <input type="checkbox" checked={doc.isPublic} onChange={(e) => void update({ isPublic: e.currentTarget.checked })} /> Public (anyone signed in can read it, and it is on
            your profile)
          </label>
        </section>
      ) : null}
      <ErrorLine text={error} />
      {role === 'owner' && canMaterialize ? <DocumentMaterialize documentId={doc.id} title={doc.title} /> : null}

      <section aria-labelledby="doc-history-heading">
        <h2 id="doc-history-heading">History</h2>
        <button type="button" aria-expanded={showHistory} onClick={() => setShowHistory(!showHistory)}>
          {showHistory ? 'Hide the history' : 'Show the history'}
        </button>
        {showHistory ? <DocumentHistory doc={doc} canRestore={canEdit(role)} onRestored={newer} /> : null}
      </section>

      {role === 'owner' ? (
        <section aria-labelledby="doc-delete-heading">
          <h2 id="doc-delete-heading">Delete</h2>
          {confirmDelete ? (
            <p class="doc-actions">
              <span>Move “{doc.title}” to the trash? You can restore it from the trash for 30 days.</span>
              <button type="button" class="danger" onClick={() => void remove()}>
                Move to the trash
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)}>
                Keep it
              </button>
            </p>
          ) : (
            <button type="button" class="danger" onClick={() => setConfirmDelete(true)}>
              Delete this document
            </button>
          )}
        </section>
      ) : null}
    </article>
  );
}
