import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { LazyToggle } from '../components/lazy-toggle';
import { counted, SelectionBar, useCanMaterialize, useSelection, type Selection } from '../components/selection';
import { useTitle } from '../components/title';
import { folderTree, indented } from '../lists/folders';
import { SchemaEditor } from '../lists/schema-editor';
import { newColumnDraft, toSchema, withLabel, type ColumnDraft } from '../lists/schema-draft';
import { navigate } from '../router';
import { useSession } from '../session';
import './lists.css';

// `/lists`: the signed-in person's lists by folder (folders made, renamed, deleted; a list moved
// to a folder or deleted), the lists shared with them, and a new list with its schema editor.

type List = Schemas['List'];
type Folder = Schemas['ListFolder'];
type Shared = Schemas['SharedWithMe']['lists'][number];
const PAGE = 50;
const listsNoun = counted('list', 'lists');

export default function ListsScreen() {
  const user = useSession();
  useTitle('Lists');
  const [folders, setFolders] = useState<Folder[]>([]);
  const [folderId, setFolderId] = useState('');
  const [lists, setLists] = useState<List[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [shared, setShared] = useState<Shared[]>([]);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const selection = useSelection();
  const canMaterialize = useCanMaterialize();

  const loadFolders = async () => {
    const { data, error: failure } = await api.GET('/api/folders');
    if (!data) return setError(errorText(failure));
    setFolders(data.folders);
  };
  const loadLists = async (offset = 0) => {
    const { data, error: failure } = await api.GET('/api/lists', { params: { query: { limit: PAGE, offset, ...(folderId ? { folderId } : {}) } } });
    if (!data) return setError(errorText(failure));
    setLists((old) => (offset && old ? [...old, ...data.data] : data.data));
    setHasMore(data.pagination.hasMore);
  };
  useEffect(() => {
    if (!user) return;
    void loadFolders();
    void api.GET('/api/shared-with-me').then(({ data }) => setShared(data?.lists ?? []));
  }, [user?.id]);
  useEffect(() => {
    if (!user) return;
    setLists(null);
    void loadLists();
  }, [user?.id, folderId]);

  if (!user) {
    return (
      <>
        <h1 tabIndex={-1}>Lists</h1>
        <p>
          <a href="/login">Sign in</a> to see your lists.
        </p>
      </>
    );
  }
  const tree = folderTree(folders);
  const folder = folders.find((f) => f.id === folderId);

  return (
    <div class="lists-screen">
      <h1 tabIndex={-1}>Lists</h1>
      <p class="visually-hidden" role="status">
        {status}
      </p>
      <ErrorLine text={error} />
      <div class="lists-layout">
        <Folders
          tree={tree}
          selected={folderId}
          onSelect={setFolderId}
          onChanged={async (message, select) => {
            setStatus(message);
            await loadFolders();
            if (select !== undefined) setFolderId(select);
            else void loadLists();
          }}
        />
        <div>
          <section aria-labelledby="own-lists">
            <h2 id="own-lists">{folder ? `Lists in ${folder.name}` : 'All your lists'}</h2>
            {lists === null ? <p class="loading">Loading lists…</p> : null}
            {lists?.length === 0 ? <p>No lists here yet.</p> : null}
            <ul class="list-cards">
              {lists?.map((l) => (
                <ListCard
                  key={l.id}
                  list={l}
                  tree={tree}
                  onChanged={(message) => {
                    setStatus(message);
                    void loadLists();
                  }}
                  onError={setError}
                  selection={canMaterialize ? selection : undefined}
                />
              ))}
            </ul>
            {hasMore ? (
              <button type="button" onClick={() => loadLists(lists?.length ?? 0)}>
                Show more lists
              </button>
            ) : null}
            {canMaterialize ? <SelectionBar selection={selection} noun={listsNoun} source={(listIds) => ({ kind: 'lists', listIds })} attributes="lists" title="My lists" /> : null}
          </section>
          <LazyToggle label="Make a list with AI" load={() => import('../components/ai-create')} panel={{ kind: 'list' as const }} />
          <section aria-labelledby="shared-lists">
            <h2 id="shared-lists">Shared with me</h2>
            {shared.length === 0 ? <p>No one has shared a list with you yet.</p> : null}
            <ul class="list-cards">
              {shared.map((s) => (
                <li key={s.id}>
                  <a href={`/lists/${s.id}`}>{s.title}</a>
                  <p class="meta">
                    {s.owner.displayName} (@{s.owner.username}) · you can {s.role === 'editor' ? 'edit' : 'read'} it
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <NewList tree={tree} folderId={folderId} />
        </div>
      </div>
    </div>
  );
}

function Folders(props: {
  tree: { folder: Folder; depth: number }[];
  selected: string;
  onSelect: (id: string) => void;
  onChanged: (message: string, select?: string) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [rename, setRename] = useState('');
  const [error, setError] = useState('');
  const selected = props.tree.find((t) => t.folder.id === props.selected)?.folder;
  useEffect(() => setRename(selected?.name ?? ''), [selected?.id]);

  const create = async (event: Event) => {
    event.preventDefault();
    const { data, error: failure } = await api.POST('/api/folders', { body: { name, parentId: parentId || null } });
    if (!data) return setError(errorText(failure));
    setError('');
    setName('');
    await props.onChanged(`Folder ${name} created`, data.folder.id);
  };
  const save = async (event: Event) => {
    event.preventDefault();
    if (!selected) return;
    const { response, error: failure } = await api.PUT('/api/folders/{id}', { params: { path: { id: selected.id } }, body: { name: rename } });
    if (!response.ok) return setError(errorText(failure));
    setError('');
    await props.onChanged(`Folder renamed to ${rename}`);
  };
  const remove = async () => {
    if (!selected) return;
    const { response, error: failure } = await api.DELETE('/api/folders/{id}', { params: { path: { id: selected.id } } });
    if (!response.ok) return setError(errorText(failure));
    setError('');
    await props.onChanged(`Folder ${selected.name} deleted; its lists are in no folder now`, '');
  };

  return (
    <nav aria-label="Folders" class="folders">
      <h2>Folders</h2>
      <ul>
        <li>
          <button type="button" class="folder-button" aria-current={props.selected === '' ? 'true' : undefined} onClick={() => props.onSelect('')}>
            All lists
          </button>
        </li>
        {props.tree.map(({ folder, depth }) => (
          <li key={folder.id} class={`depth-${Math.min(depth, 4)}`}>
            <button type="button" class="folder-button" aria-current={props.selected === folder.id ? 'true' : undefined} onClick={() => props.onSelect(folder.id)}>
              {folder.name}
            </button>
          </li>
        ))}
      </ul>
      <ErrorLine text={error} />
      {selected ? (
        <form class="stack" onSubmit={save}>
          <label for="folder-rename">Rename the folder {selected.name}</label>
          <input id="folder-rename" value={rename} required onInput={(e) => setRename(e.currentTarget.value)} />
          <div class="row-buttons">
            <button type="submit">Rename</button>
            <button type="button" class="danger" onClick={remove}>
              Delete folder
            </button>
          </div>
        </form>
      ) : null}
      <form class="stack" onSubmit={create}>
        <label for="folder-name">New folder</label>
        <input id="folder-name" value={name} required onInput={(e) => setName(e.currentTarget.value)} />
        <label for="folder-parent">Inside</label>
        <select id="folder-parent" value={parentId} onChange={(e) => setParentId(e.currentTarget.value)}>
          <option value="">(top level)</option>
          {props.tree.map(({ folder, depth }) => (
            <option key={folder.id} value={folder.id}>
              {indented(folder.name, depth)}
            </option>
          ))}
        </select>
        <button type="submit">Create folder</button>
      </form>
    </nav>
  );
}

function ListCard(props: { list: List; tree: { folder: Folder; depth: number }[]; onChanged: (message: string) => void; onError: (text: string) => void; selection?: Selection }) {
  const { list } = props;
  const [confirming, setConfirming] = useState(false);
  const move = async (folderId: string) => {
    const { response, error } = await api.PATCH('/api/lists/{id}', { params: { path: { id: list.id } }, body: { folderId: folderId || null } });
    if (!response.ok) return props.onError(errorText(error));
    props.onChanged(`${list.title} moved`);
  };
  const remove = async () => {
    const { response, error } = await api.DELETE('/api/lists/{id}', { params: { path: { id: list.id } } });
    if (!response.ok) return props.onError(errorText(error));
    props.onChanged(`${list.title} deleted`);
  };
  return (
    <li>
      <a href={`/lists/${list.id}`}>{list.title}</a>
      <p class="meta">
        {list.schema.fields.length} {list.schema.fields.length === 1 ? 'column' : 'columns'} · {list.isPublic ? 'public' : 'private'}
        {list.source ? ' · synced from the code host' : ''}
      </p>
      {list.description ? <p>{list.description}</p> : null}
      <div class="row-buttons">
        {props.selection ? (
          <label class="check">
            <input type="checkbox" checked={props.selection.has(list.id)} onChange={(e) => props.selection!.set(list.id, e.currentTarget.checked)} /> Select
            <span class="visually-hidden"> {list.title}</span> to materialize
          </label>
        ) : null}
        <label class="inline-label" for={`folder-of-${list.id}`}>
          Folder<span class="visually-hidden"> of {list.title}</span>
        </label>
        <select id={`folder-of-${list.id}`} value={list.folderId ?? ''} onChange={(e) => move(e.currentTarget.value)}>
          <option value="">(no folder)</option>
          {props.tree.map(({ folder, depth }) => (
            <option key={folder.id} value={folder.id}>
              {indented(folder.name, depth)}
            </option>
          ))}
        </select>
        {confirming ? (
          <>
            <button type="button" class="danger" onClick={remove}>
              Delete {list.title} for good
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" class="danger" onClick={() => setConfirming(true)}>
            Delete<span class="visually-hidden"> {list.title}</span>
          </button>
        )}
      </div>
    </li>
  );
}

const starterColumn = () => withLabel(newColumnDraft('text'), 'Name');

function NewList(props: { tree: { folder: Folder; depth: number }[]; folderId: string }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [folderId, setFolderId] = useState(props.folderId);
  const [columns, setColumns] = useState<ColumnDraft[]>(() => [starterColumn()]);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  useEffect(() => setFolderId(props.folderId), [props.folderId]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setSending(true);
    const body = { title: title.trim(), isPublic, folderId: folderId || null, ...(description.trim() ? { description: description.trim() } : {}), schema: toSchema(title, description, columns) };
    const { data, error: failure } = await api.POST('/api/lists', { body });
    setSending(false);
    if (!data) return setError(errorText(failure));
    navigate(`/lists/${data.data.id}`);
  };

  return (
    <section aria-labelledby="new-list">
      <h2 id="new-list">New list</h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="new-list-form"
        onClick={() => {
          setOpen(!open);
          if (!open) requestAnimationFrame(() => document.getElementById('new-list-title')?.focus());
        }}
      >
        {open ? 'Close the new list form' : 'Create a list'}
      </button>
      {open ? (
        <form id="new-list-form" class="new-list" onSubmit={submit} aria-label="New list">
          <label for="new-list-title">Title</label>
          <input id="new-list-title" value={title} required onInput={(e) => setTitle(e.currentTarget.value)} />
          <label for="new-list-description">Description</label>
          <textarea id="new-list-description" rows={2} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
          <label for="new-list-folder">Folder</label>
          <select id="new-list-folder" value={folderId} onChange={(e) => setFolderId(e.currentTarget.value)}>
            <option value="">(no folder)</option>
            {props.tree.map(({ folder, depth }) => (
              <option key={folder.id} value={folder.id}>
                {indented(folder.name, depth)}
              </option>
            ))}
          </select>
          <label class="check">
            <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.currentTarget.checked)} /> Public (anyone can read it on your profile)
          </label>
          <h3>Columns</h3>
          <SchemaEditor columns={columns} onChange={setColumns} />
          <ErrorLine text={error} />
          <button type="submit" disabled={sending}>
            Create list
          </button>
        </form>
      ) : null}
    </section>
  );
}
