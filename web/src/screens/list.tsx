import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { counted, SelectionBar, useCanMaterialize, useSelection } from '../components/selection';
import { useTitle } from '../components/title';
import { AddRow } from '../lists/add-row';
import { inDisplayOrder } from '../lists/cells';
import { readFirstPage, RowsGrid, type RowsAnswer } from '../lists/grid';
import { ImportPanel } from '../lists/import-panel';
import { QueryBar } from '../lists/query-bar';
import { EMPTY_QUERY, nextSort, type RowQuery, type View } from '../lists/row-query';
import { SchemaEditor } from '../lists/schema-editor';
import { fromColumn, toDefinition, type ColumnDraft } from '../lists/schema-draft';
import { Trash } from '../lists/trash';
import { onLive } from '../live';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import NotFound from './not-found';
import './lists.css';

// `/lists/<id>`: one list. Its rows in a paged grid (sorted, filtered, searched, through saved
// views), a new row, CSV import and export, the trash, watching, who it is shared with, and for
// its owner the columns' editor. What the person may do follows their role: the owner, an
// editor, or a viewer (GET /api/shared-with-me says the role on someone else's list).

type List = Schemas['List'];
type Role = 'owner' | 'editor' | 'viewer';
const rowsNoun = counted('row', 'rows');

export default function ListScreen({ param }: ScreenProps) {
  const user = useSession();
  const [list, setList] = useState<List | null | 'missing'>(null);
  const [role, setRole] = useState<Role>('viewer');
  const [views, setViews] = useState<View[]>([]);
  const [query, setQuery] = useState<RowQuery>(EMPTY_QUERY);
  const [reload, setReload] = useState(0);
  const [showHidden, setShowHidden] = useState(false);
  const [status, setStatus] = useState('');
  const selection = useSelection();
  const canMaterialize = useCanMaterialize();
  useTitle(list && list !== 'missing' ? list.title : 'List');

  const [firstPage, setFirstPage] = useState<Promise<RowsAnswer>>();
  const loadList = async (withRows: boolean) => {
    // The first page of rows is asked for with the list, not after it (one round trip less).
    if (withRows) setFirstPage(readFirstPage(param));
    const [{ data }, shared] = await Promise.all([api.GET('/api/lists/{id}', { params: { path: { id: param } } }), api.GET('/api/shared-with-me')]);
    if (!data) return setList('missing');
    setRole(shared.data?.lists.find((l) => l.id === param)?.role ?? 'owner');
    setList(data.data);
  };
  const loadViews = async () => {
    const { data } = await api.GET('/api/lists/{id}/views', { params: { path: { id: param } } });
    setViews(data?.views ?? []);
  };
  // Someone else's rows, an import, a changed schema: told by the event stream (live.ts).
  const [live, setLive] = useState(0);
  useEffect(() => onLive(`list:${param}`, () => setLive((n) => n + 1)), [param]);
  // The list itself changed (list.updated: its title or columns; a share granted or revoked): read
  // it again, so the grid, the new-row form and the filters show the columns as they are now.
  useEffect(() => onLive(`list-info:${param}`, () => void loadList(false)), [param]);
  useEffect(() => {
    if (!user) return;
    setList(null);
    setQuery(EMPTY_QUERY);
    void loadList(true);
    void loadViews();
  }, [param, user?.id]);

  if (!user || list === 'missing') return <NotFound />;
  if (!list) return <h1 tabIndex={-1}>List</h1>;

  const all = inDisplayOrder(list.schema.fields);
  const view = views.find((v) => v.id === query.view);
  const columns = all.filter((c) => (showHidden || c.visible) && !view?.hiddenColumns.includes(c.key));
  const canEdit = role !== 'viewer' && !list.source;
  const changed = (text: string) => {
    setStatus(text);
    setReload((n) => n + 1);
  };

  return (
    // Keyed by the list: another list's page starts with its own search box, editors and panels.
    <div class="list-screen" key={list.id}>
      <p class="breadcrumb">
        <a href="/lists">Lists</a>
      </p>
      <h1 tabIndex={-1}>{list.title}</h1>
      {list.description ? <p>{list.description}</p> : null}
      <p class="meta">
        {list.isPublic ? 'Public' : 'Private'} · {role === 'owner' ? 'your list' : role === 'editor' ? 'shared with you: you can edit the rows' : 'shared with you: you can read it'}
        {list.source ? ' · synced from the code host (read-only)' : ''}
      </p>
      <p class="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      <div class="list-actions">
        <a class="button" href={`/api/lists/${encodeURIComponent(list.id)}/export`} download>
          Export as CSV
        </a>
        <Watch listId={list.id} />
      </div>
      <QueryBar listId={list.id} columns={all} query={query} onQuery={setQuery} views={views} onViews={loadViews} canSaveViews={role !== 'viewer'} onStatus={setStatus} />
      {all.some((c) => !c.visible) ? (
        <label class="check">
          <input type="checkbox" checked={showHidden} onChange={(e) => setShowHidden(e.currentTarget.checked)} /> Show the columns hidden by default
        </label>
      ) : null}
      <RowsGrid
        listId={list.id}
        title={list.title}
        columns={columns}
        allColumns={all}
        query={query}
        onSort={(key) => setQuery({ ...query, sort: nextSort(query.sort || (view?.sort ?? ''), key) })}
        canEdit={canEdit}
        reload={reload}
        live={live}
        firstPage={firstPage}
        onStatus={setStatus}
        onDeleted={() => setReload((n) => n + 1)}
        selection={canMaterialize && role === 'owner' ? selection : undefined}
      />
      {canMaterialize && role === 'owner' ? (
        <SelectionBar selection={selection} noun={rowsNoun} source={(rowIds) => ({ kind: 'rows', listId: list.id, rowIds })} attributes={all} title={`${list.title}: selection`} />
      ) : null}
      {canEdit ? <AddRow key={list.updatedAt} listId={list.id} columns={all} onAdded={() => changed('Row added')} /> : null}
      {canEdit ? <ImportPanel listId={list.id} columns={all} onImported={() => changed('Rows imported')} /> : null}
      <Trash listId={list.id} columns={all} canEdit={canEdit} reload={reload} onRestored={changed} />
      {role === 'owner' && !list.source ? (
        <EditColumns
          list={list}
          onSaved={(next) => {
            setList(next);
            changed('Columns saved');
          }}
        />
      ) : null}
      <Collaborators listId={list.id} />
    </div>
  );
}

/** Watching: the API answers the state after each change (it has no read of it), so both are offered. */
function Watch({ listId }: { listId: string }) {
  const [watching, setWatching] = useState<boolean | null>(null);
  const [error, setError] = useState('');
  const set = async (on: boolean) => {
    const call = on ? api.POST('/api/lists/{id}/watch', { params: { path: { id: listId } } }) : api.DELETE('/api/lists/{id}/watch', { params: { path: { id: listId } } });
    const { data, error: failure } = await call;
    if (!data) return setError(errorText(failure));
    setError('');
    setWatching(data.watching);
  };
  return (
    <div class="watch">
      <button type="button" onClick={() => set(true)}>
        Watch this list
      </button>
      <button type="button" onClick={() => set(false)}>
        Stop watching
      </button>
      <p role="status" class="meta">
        {watching === null ? '' : watching ? 'You are watching this list: changes by others are in your notifications.' : 'You are not watching this list.'}
      </p>
      <ErrorLine text={error} />
    </div>
  );
}

function EditColumns(props: { list: List; onSaved: (list: List) => void }) {
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<ColumnDraft[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) setDrafts(inDisplayOrder(props.list.schema.fields).map(fromColumn));
  }, [open, props.list.updatedAt]);
  const save = async (event: Event) => {
    event.preventDefault();
    const properties = drafts.map((d, i) => toDefinition(d, drafts, i));
    const { data, error: failure } = await api.PUT('/api/lists/{id}/schema', { params: { path: { id: props.list.id } }, body: { properties } as never });
    if (!data) return setError(errorText(failure));
    setError('');
    props.onSaved(data.data);
  };
  return (
    <details class="edit-columns" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Edit the columns</summary>
      {open ? (
        <form onSubmit={save} aria-label="Columns">
          <p class="hint">A column kept keeps its values; a column removed loses them.</p>
          <SchemaEditor columns={drafts} onChange={setDrafts} />
          <ErrorLine text={error} />
          <button type="submit">Save the columns</button>
        </form>
      ) : null}
    </details>
  );
}

function Collaborators({ listId }: { listId: string }) {
  const [people, setPeople] = useState<Schemas['Collaborator'][] | null>(null);
  useEffect(() => {
    void api.GET('/api/lists/{id}/collaborators', { params: { path: { id: listId } } }).then(({ data }) => setPeople(data?.collaborators ?? null));
  }, [listId]);
  if (!people?.length) return null;
  return (
    <section aria-labelledby="collaborators">
      <h2 id="collaborators">Shared with</h2>
      <ul>
        {people.map((p) => (
          <li key={p.id}>
            {p.user ? `${p.user.displayName} (@${p.user.username})` : p.org ? `${p.org.name} (organization)` : p.email}: {p.role === 'editor' ? 'can edit' : 'can read'}
            {p.status === 'invited' ? ' · invited' : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
