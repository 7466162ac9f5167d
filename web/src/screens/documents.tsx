import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { LazyToggle } from '../components/lazy-toggle';
import { onLive } from '../live';
import { MaterializeOpener, useCanMaterialize } from '../components/selection';
import { useTitle } from '../components/title';
import { folderPath, folderTree, moveTargets, TEMPLATES_FOLDER, type FolderNode } from '../documents/tree';
import { navigate } from '../router';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import './documents.css';

// `/documents` (`?folder=<id>` for a folder): the folder tree (create, rename, move, delete), the
// documents of the chosen folder, a new document from scratch or from a template, the templates,
// what others shared with me, and the trash with restore.

type Folder = Schemas['DocumentFolder'];
type DocRef = { id: string; title: string };
type Trash = { documents: Schemas['TrashedDocument'][]; folders: Schemas['TrashedFolder'][] };
type Shared = Schemas['SharedWithMe']['documents'];

interface Tree {
  folders: Folder[];
  root: DocRef[];
  templates: DocRef[];
}

export default function DocumentsScreen({ route }: ScreenProps) {
  const user = useSession();
  useTitle('Documents');
  const folderId = route.search.get('folder');
  const [tree, setTree] = useState<Tree | null>(null);
  const canMaterialize = useCanMaterialize();
  const [shared, setShared] = useState<Shared>([]);
  const [trash, setTrash] = useState<Trash | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const firstFolder = useRef(true);

  const load = async () => {
    const [folders, root, templates, withMe] = await Promise.all([
      api.GET('/api/documents/folders'),
      api.GET('/api/documents'),
      api.GET('/api/documents/templates'),
      api.GET('/api/shared-with-me'),
    ]);
    if (!folders.data || !root.data) return setError(errorText(folders.error ?? root.error));
    setTree({ folders: folders.data.folders, root: root.data.documents, templates: templates.data?.documents ?? [] });
    setShared(withMe.data?.documents ?? []);
  };
  const loadTrash = async () => {
    const { data, error: failure } = await api.GET('/api/documents/trash', { params: { query: { limit: 100 } } });
    if (!data) return setError(errorText(failure));
    setTrash({ documents: data.documents, folders: data.folders });
  };
  useEffect(() => {
    if (user) void load();
  }, [user?.id]);
  // Documents and folders made elsewhere (another tab, a sync client, a collaborator, an AI series
  // made from this page) show without a reload: told by the event stream (live.ts).
  useEffect(() => (user ? onLive('documents', () => void load()) : undefined), [user?.id]);

  // Choosing a folder keeps the page: focus goes to the folder's heading (not on the first load).
  useEffect(() => {
    setError('');
    if (firstFolder.current) {
      firstFolder.current = false;
      return;
    }
    heading.current?.focus();
  }, [folderId]);

  /** Runs a change, then reloads what the page shows and says what happened. */
  const act = async (run: () => Promise<{ error?: unknown; response: Response }>, done: string) => {
    setError('');
    setStatus('');
    const { error: failure, response } = await run();
    if (!response.ok) {
      setError(errorText(failure));
      return false;
    }
    setStatus(done);
    await Promise.all([load(), trash ? loadTrash() : Promise.resolve()]);
    return true;
  };

  if (user === null) {
    return (
      <>
        <h1 tabIndex={-1}>Documents</h1>
        <p>
          <a href="/login">Sign in</a> to see your documents.
        </p>
      </>
    );
  }
  if (!tree) {
    return (
      <>
        <h1 tabIndex={-1}>Documents</h1>
        <ErrorLine text={error} />
        {error ? null : <p class="loading">Loading your documents…</p>}
      </>
    );
  }

  const folder = folderId ? tree.folders.find((f) => f.id === folderId) : undefined;
  const inFolder: DocRef[] = folder ? folder.documents : tree.root;
  const here = folder ? folderPath(tree.folders, folder.id) : 'Top level';
  const isTemplates = folder?.name === TEMPLATES_FOLDER && folder.parentId === null;

  return (
    <>
      <h1 tabIndex={-1}>Documents</h1>
      <p class="visually-hidden" role="status">
        {status}
      </p>
      <div class="docs-layout">
        <nav aria-label="Folders" class="folder-nav">
          <h2>Folders</h2>
          <ul class="folder-tree">
            <li>
              <a href="/documents" aria-current={folder ? undefined : 'page'}>
                Top level
              </a>
              <FolderList nodes={folderTree(tree.folders)} current={folder?.id} />
            </li>
          </ul>
          <NewFolder parentId={folder?.id ?? null} where={here} act={act} />
        </nav>

        <section class="folder-view" aria-labelledby="folder-heading">
          <h2 id="folder-heading" ref={heading} tabIndex={-1}>
            {isTemplates ? 'Templates' : here}
          </h2>
          {folderId && !folder ? <p>This folder is not there any more (deleted or moved to the trash).</p> : null}
          {folder && !isTemplates ? <FolderActions folder={folder} folders={tree.folders} act={act} /> : null}
          <ErrorLine text={error} />
          {inFolder.length ? (
            <ul class="doc-list" aria-label={`Documents in ${here}`}>
              {inFolder.map((d) => (
                <li key={d.id}>
                  <a href={`/documents/${encodeURIComponent(d.id)}`}>{d.title}</a>{' '}
                  {canMaterialize ? <MaterializeOpener label={`Materialize “${d.title}”`} source={{ kind: 'document', documentId: d.id }} what={`“${d.title}”`} attributes="document" title={d.title} /> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>No documents here yet.</p>
          )}
          {folderId && !folder ? null : <NewDocument folderId={folder?.id ?? null} where={here} templates={tree.templates} onError={setError} />}
          <LazyToggle label="Make a document with AI" load={() => import('../components/ai-create')} panel={{ kind: 'document' as const }} />
        </section>
      </div>

      <section aria-labelledby="templates-heading">
        <h2 id="templates-heading">Templates</h2>
        <p class="hint">Templates are the documents of the “{TEMPLATES_FOLDER}” folder; a new document can start as a copy of one.</p>
        {tree.templates.length ? (
          <ul class="doc-list" aria-label="Templates">
            {tree.templates.map((d) => (
              <li key={d.id}>
                <a href={`/documents/${encodeURIComponent(d.id)}`}>{d.title}</a>
              </li>
            ))}
          </ul>
        ) : (
          <p>No templates yet.</p>
        )}
        <button type="button" onClick={() => void act(() => api.POST('/api/documents/templates/seed-defaults'), 'The default templates were added.')}>
          Add the default templates
        </button>
      </section>

      <section aria-labelledby="shared-heading">
        <h2 id="shared-heading">Shared with me</h2>
        {shared.length ? (
          <ul class="doc-list">
            {shared.map((d) => (
              <li key={d.id}>
                <a href={`/documents/${encodeURIComponent(d.id)}`}>{d.title}</a>{' '}
                <span class="meta">
                  by {d.owner.displayName} (@{d.owner.username}) · {d.role === 'editor' ? 'you can edit' : 'read only'}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>Nobody has shared a document with you yet.</p>
        )}
      </section>

      <section aria-labelledby="trash-heading">
        <h2 id="trash-heading" tabIndex={-1}>
          Trash
        </h2>
        <p class="hint">Deleted documents and folders are kept for 30 days.</p>
        {trash ? (
          <TrashList trash={trash} act={act} />
        ) : (
          <button type="button" onClick={() => void loadTrash()}>
            Show the trash
          </button>
        )}
      </section>
    </>
  );
}

type Act = (run: () => Promise<{ error?: unknown; response: Response }>, done: string) => Promise<boolean>;

function FolderList({ nodes, current }: { nodes: FolderNode<Folder>[]; current: string | undefined }) {
  if (!nodes.length) return null;
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.folder.id}>
          <a href={`/documents?folder=${encodeURIComponent(n.folder.id)}`} aria-current={n.folder.id === current ? 'page' : undefined}>
            {n.folder.name}
          </a>
          <FolderList nodes={n.children} current={current} />
        </li>
      ))}
    </ul>
  );
}

function NewFolder({ parentId, where, act }: { parentId: string | null; where: string; act: Act }) {
  const [name, setName] = useState('');
  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (await act(() => api.POST('/api/documents/folders', { body: { name: trimmed, parentId } }), `Folder “${trimmed}” created in ${where}.`)) setName('');
  };
  return (
    <form class="inline-form" onSubmit={submit}>
      <label for="new-folder">New folder in {where}</label>
      <input id="new-folder" value={name} maxLength={255} required onInput={(e) => setName(e.currentTarget.value)} />
      <button type="submit">Create folder</button>
    </form>
  );
}

function FolderActions({ folder, folders, act }: { folder: Folder; folders: Folder[]; act: Act }) {
  const [name, setName] = useState(folder.name);
  const [target, setTarget] = useState(folder.parentId ?? '');
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    setName(folder.name);
    setTarget(folder.parentId ?? '');
    setConfirm(false);
  }, [folder.id, folder.name, folder.parentId]);
  const put = (body: { name: string; parentId: string | null }, done: string) =>
    act(() => api.PUT('/api/documents/folders/{id}', { params: { path: { id: folder.id } }, body }), done);
  const rename = (event: Event) => {
    event.preventDefault();
    void put({ name: name.trim(), parentId: folder.parentId }, `Folder renamed to “${name.trim()}”.`);
  };
  const move = (event: Event) => {
    event.preventDefault();
    const parentId = target || null;
    void put({ name: folder.name, parentId }, `Folder moved to ${parentId ? folderPath(folders, parentId) : 'the top level'}.`);
  };
  const remove = async () => {
    if (await act(() => api.DELETE('/api/documents/folders/{id}', { params: { path: { id: folder.id } } }), `Folder “${folder.name}” moved to the trash.`)) navigate('/documents');
  };
  return (
    <div class="folder-actions">
      <form class="inline-form" onSubmit={rename}>
        <label for="folder-name">Folder name</label>
        <input id="folder-name" value={name} maxLength={255} required onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit">Rename</button>
      </form>
      <form class="inline-form" onSubmit={move}>
        <label for="folder-move">Move into</label>
        <select id="folder-move" value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
          {moveTargets(folders, folder.id).map((t) => (
            <option key={t.id ?? ''} value={t.id ?? ''}>
              {t.label}
            </option>
          ))}
        </select>
        <button type="submit">Move</button>
      </form>
      {confirm ? (
        <p class="doc-actions">
          <span>Move “{folder.name}” and everything in it to the trash?</span>
          <button type="button" class="danger" onClick={() => void remove()}>
            Move folder to the trash
          </button>
          <button type="button" onClick={() => setConfirm(false)}>
            Keep it
          </button>
        </p>
      ) : (
        <button type="button" class="danger" onClick={() => setConfirm(true)}>
          Delete folder
        </button>
      )}
    </div>
  );
}

function NewDocument({ folderId, where, templates, onError }: { folderId: string | null; where: string; templates: DocRef[]; onError(text: string): void }) {
  const [title, setTitle] = useState('');
  const [template, setTemplate] = useState('');
  const open = (doc: { id: string } | undefined, failure: unknown) => {
    if (!doc) return onError(errorText(failure));
    navigate(`/documents/${encodeURIComponent(doc.id)}`);
  };
  const create = async (event: Event) => {
    event.preventDefault();
    const { data, error } = await api.POST('/api/documents', { body: { title: title.trim(), content: '', folderId } });
    open(data?.document, error);
  };
  const fromTemplate = async (event: Event) => {
    event.preventDefault();
    const { data, error } = await api.POST('/api/documents/from-template', { body: { templateDocumentId: template, targetFolderId: folderId } });
    open(data?.document, error);
  };
  return (
    <div class="new-document">
      <form class="inline-form" onSubmit={create}>
        <label for="new-doc-title">New document in {where}: title</label>
        <input id="new-doc-title" value={title} maxLength={500} required onInput={(e) => setTitle(e.currentTarget.value)} />
        <button type="submit">Create document</button>
      </form>
      {templates.length ? (
        <form class="inline-form" onSubmit={fromTemplate}>
          <label for="new-doc-template">Or start from a template</label>
          <select id="new-doc-template" value={template} required onChange={(e) => setTemplate(e.currentTarget.value)}>
            <option value="">Choose a template</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
          <button type="submit">Create from template</button>
        </form>
      ) : null}
    </div>
  );
}

function TrashList({ trash, act: run }: { trash: Trash; act: Act }) {
  // The restored item's button goes away: focus stays in the trash, on its heading.
  const act: Act = async (change, done) => {
    const ok = await run(change, done);
    if (ok) document.getElementById('trash-heading')?.focus();
    return ok;
  };
  if (!trash.documents.length && !trash.folders.length) return <p>The trash is empty.</p>;
  const deleted = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
  return (
    <ul class="trash-list">
      {trash.folders.map((f) => (
        <li key={`f-${f.id}`}>
          Folder “{f.name}” <span class="meta">deleted {deleted(f.deletedAt)}</span>{' '}
          <button type="button" onClick={() => void act(() => api.POST('/api/documents/folders/{id}/restore', { params: { path: { id: f.id } } }), `Folder “${f.name}” restored.`)}>
            Restore<span class="visually-hidden"> folder {f.name}</span>
          </button>
        </li>
      ))}
      {trash.documents.map((d) => (
        <li key={`d-${d.id}`}>
          “{d.title}” <span class="meta">deleted {deleted(d.deletedAt)}</span>{' '}
          <button type="button" onClick={() => void act(() => api.POST('/api/documents/{id}/restore', { params: { path: { id: d.id } } }), `“${d.title}” restored.`)}>
            Restore<span class="visually-hidden"> {d.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
