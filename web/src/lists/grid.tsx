import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { ErrorLine } from '../components/error-line';
import type { Selection } from '../components/selection';
import { CellInput } from './cell-input';
import { cellText, fromDraft, toDraft, type Column, type Draft, type Row } from './cells';
import { moveFor, pageCount, type Cell } from './grid-keys';
import { rowErrors } from './row-errors';
import { ariaSort, EMPTY_QUERY, pageParams, type RowQuery } from './row-query';
import { hiddenFor } from './visibility';

// The rows of a list as an ARIA grid, one page at a time: only the page shown is asked of the API
// (GET /api/lists/{id}/data with offset and limit), so a list of 100,000 rows costs what a list
// of 50 does. Keyboard: arrows between cells, Home/End, Page Up/Down for the pages, Enter (or F2)
// edits a cell, Enter saves, Escape cancels; the API's errors stay beside the cell with what was
// typed. Row 0 is the header row, column 0 the row number.

export const PAGE_SIZE = 50;

/** One page of rows as the API answers it. */
export type RowsAnswer = Awaited<ReturnType<typeof readPage>>;
const readPage = (id: string, query: RowQuery, offset: number) => api.GET('/api/lists/{id}/data', { params: { path: { id }, query: pageParams(query, offset, PAGE_SIZE) } });

/** The first page of a list in its default order, asked for before the grid mounts. */
export const readFirstPage = (id: string) => readPage(id, EMPTY_QUERY, 0);

type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/**
 * Where the grid's rows come from and go to: the list's own endpoints by default, or another
 * way to the same rows (a share link's `/api/shared/{token}/data`, which pages but does not sort,
 * filter or search).
 */
export interface RowSource {
  read(query: RowQuery, offset: number): Answer<{ data: Row[]; pagination: { total: number } }>;
  edit(rowId: string, data: Record<string, unknown>): Answer<{ data: Row }>;
  remove(rowId: string): Answer<unknown>;
}

const listSource = (id: string): RowSource => ({
  read: (query, offset) => readPage(id, query, offset),
  edit: (rowId, data) => api.PUT('/api/lists/{id}/data', { params: { path: { id } }, body: { rowId, data } }),
  remove: (rowId) => api.DELETE('/api/lists/{id}/data/{rowId}', { params: { path: { id, rowId } } }),
});

interface Editing {
  rowId: string;
  key: string;
  draft: Draft;
  errors: string[];
  saving: boolean;
}

export interface GridProps {
  listId: string;
  title: string;
  /** The columns shown, in order. */
  columns: Column[];
  /** Every column of the list (conditional visibility and error messages refer to them). */
  allColumns: Column[];
  query: RowQuery;
  /** Without it the headers are plain text (the rows' order is the source's). */
  onSort?: (key: string) => void;
  /** The list's own endpoints when absent. */
  source?: RowSource;
  canEdit: boolean;
  /** Changes whenever the rows may have changed elsewhere (a row added, an import, a restore). */
  reload: number;
  /** Changes when the event stream says the list's rows changed (someone else's edit, an import). */
  live?: number;
  /** The first page as asked for beside the list itself (one round trip less to the first rows). */
  firstPage?: Promise<RowsAnswer>;
  onStatus: (text: string) => void;
  onDeleted: () => void;
  /** Rows picked to materialize: a box in each row's number cell (Space there toggles it). */
  selection?: Selection;
}

export function RowsGrid(props: GridProps) {
  const { columns, listId } = props;
  const source = props.source ?? listSource(listId);
  const queryKey = JSON.stringify(props.query);
  const [paging, setPaging] = useState({ queryKey, offset: 0 });
  const offset = paging.queryKey === queryKey ? paging.offset : 0;
  // The page shown, with the offset it was asked for at (the pager and row numbers say what is shown, not what is coming).
  const [page, setPage] = useState<{ rows: Row[]; total: number; offset: number } | null>(null);
  const [error, setError] = useState('');
  const [focus, setFocus] = useState<Cell>({ row: 1, col: 1 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const pendingFocus = useRef<Cell | null>(null);
  const request = useRef(0);

  const goTo = (nextOffset: number) => setPaging({ queryKey, offset: nextOffset });

  /** Reads the page shown; `fromStream`: a live refresh, which leaves a cell being edited alone. */
  const fetchPage = (fromStream: boolean) => {
    const mine = ++request.current;
    if (!fromStream) setEditing(null);
    const first = mine === 1 && offset === 0 && queryKey === JSON.stringify(EMPTY_QUERY) ? props.firstPage : undefined;
    void (first ?? source.read(props.query, offset)).then(({ data, error: failure }) => {
      if (mine !== request.current) return;
      if (!data) return setError(errorText(failure));
      setError('');
      // Past the end (rows deleted meanwhile): the last page that has rows.
      if (data.data.length === 0 && offset > 0 && data.pagination.total > 0) return goTo(Math.max(0, (pageCount(data.pagination.total, PAGE_SIZE) - 1) * PAGE_SIZE));
      setPage({ rows: data.data, total: data.pagination.total, offset });
    });
  };
  useEffect(() => fetchPage(false), [listId, queryKey, offset, props.reload]);
  // A change told by the stream waits while a cell is being edited, so what is typed stays put.
  const staleWhileEditing = useRef(false);
  useEffect(() => {
    if (!props.live) return;
    if (editing) staleWhileEditing.current = true;
    else fetchPage(true);
  }, [props.live]);
  useEffect(() => {
    if (editing || !staleWhileEditing.current) return;
    staleWhileEditing.current = false;
    fetchPage(true);
  }, [editing]);

  const rows = page?.rows ?? [];
  const shown = page?.offset ?? 0;
  const loading = page === null || page.offset !== offset;
  const lastCol = columns.length + 1;
  const gridRows = rows.length + 1;
  const cell = (c: Cell) => (c.row < gridRows && c.col <= lastCol ? c : { row: Math.min(c.row, gridRows - 1), col: Math.min(c.col, lastCol) });
  const active = cell(focus);

  // At once when the cell is there (a key pressed right after must start from it), else once it renders.
  const focusCell = (c: Cell) => {
    setFocus(c);
    const find = () => table.current?.querySelector<HTMLElement>(`[data-cell="${c.row}:${c.col}"]`);
    const now = find();
    if (now && !now.classList.contains('editing')) now.focus();
    else requestAnimationFrame(() => find()?.focus());
  };
  // After a page loads by the keyboard, the focus goes into it.
  useEffect(() => {
    if (!pendingFocus.current || !page) return;
    focusCell(cell(pendingFocus.current));
    pendingFocus.current = null;
  }, [page]);

  const startEdit = (row: Row, column: Column) => {
    setEditing({ rowId: row.id, key: column.key, draft: toDraft(column, row.data[column.key]), errors: [], saving: false });
    requestAnimationFrame(() => table.current?.querySelector<HTMLElement>('.cell-editor input, .cell-editor select, .cell-editor textarea')?.focus());
  };
  const cancelEdit = () => {
    setEditing(null);
    focusCell(active);
  };
  const saveEdit = async () => {
    if (!editing || editing.saving) return;
    const column = props.allColumns.find((c) => c.key === editing.key)!;
    setEditing({ ...editing, saving: true });
    const { data, error: failure } = await source.edit(editing.rowId, { [editing.key]: fromDraft(column, editing.draft) });
    if (!data) {
      // What was typed stays; every message of the API is said beside the cell.
      const sorted = rowErrors(failure, props.allColumns);
      const own = sorted.byColumn[editing.key] ?? [];
      const others = Object.entries(sorted.byColumn).filter(([k]) => k !== editing.key).flatMap(([, m]) => m);
      const errors = [...own, ...others, ...sorted.row];
      setEditing({ ...editing, saving: false, errors: errors.length ? errors : [errorText(failure)] });
      requestAnimationFrame(() => table.current?.querySelector<HTMLElement>('.cell-editor input, .cell-editor select, .cell-editor textarea')?.focus());
      return;
    }
    setPage((p) => (p ? { ...p, rows: p.rows.map((r) => (r.id === data.data.id ? data.data : r)) } : p));
    setEditing(null);
    props.onStatus(`${column.label} saved`);
    focusCell(active);
  };
  const deleteRow = async (row: Row, index: number) => {
    const { response, error: failure } = await source.remove(row.id);
    if (!response.ok) return setError(errorText(failure));
    props.onStatus(`Row ${shown + index + 1} deleted; it stays in the trash for 30 days`);
    pendingFocus.current = { row: Math.max(1, Math.min(index + 1, rows.length - 1)), col: lastCol };
    props.onDeleted();
  };

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLTableElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('.cell-editor')) return;
    const at = target.closest<HTMLElement>('[data-cell]')?.dataset.cell?.split(':').map(Number);
    if (!at) return;
    const here = { row: at[0]!, col: at[1]! };
    if (event.key === ' ' && props.selection && here.row > 0 && here.col === 0) {
      event.preventDefault();
      const row = rows[here.row - 1]!;
      props.selection.set(row.id, !props.selection.has(row.id));
      return;
    }
    if ((event.key === 'Enter' || event.key === 'F2') && here.row > 0 && here.col > 0 && here.col < lastCol) {
      event.preventDefault();
      if (props.canEdit) startEdit(rows[here.row - 1]!, columns[here.col - 1]!);
      return;
    }
    const move = moveFor(event.key, event.ctrlKey || event.metaKey, here, gridRows, lastCol + 1);
    if (!move) return;
    event.preventDefault();
    if ('to' in move) return focusCell(move.to);
    const next = shown + move.page * PAGE_SIZE;
    if (next < 0 || next >= (page?.total ?? 0)) return;
    pendingFocus.current = { row: move.page > 0 ? 1 : PAGE_SIZE, col: move.col };
    goTo(next);
  };

  const total = page?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  const pageNo = Math.floor(shown / PAGE_SIZE) + 1;
  const tab = (c: Cell) => (active.row === c.row && active.col === c.col ? 0 : -1);
  const hiddenOf = hiddenFor(props.allColumns);

  return (
    <div class="grid-area">
      <ErrorLine text={error} />
      {page === null && !error ? <p class="loading">Loading rows…</p> : null}
      <div class="grid-wrap">
        <table
          ref={table}
          role="grid"
          class="rows-grid"
          aria-label={`${props.title}: rows`}
          aria-describedby="grid-keys"
          aria-rowcount={total + 1}
          aria-busy={loading ? 'true' : undefined}
          aria-colcount={lastCol + 1}
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr role="row" aria-rowindex={1}>
              <th role="columnheader" scope="col" tabIndex={tab({ row: 0, col: 0 })} data-cell="0:0" onFocus={() => setFocus({ row: 0, col: 0 })}>
                #
              </th>
              {columns.map((c, i) => {
                const at = { row: 0, col: i + 1 };
                const onSort = props.onSort;
                if (!onSort) {
                  return (
                    <th key={c.key} role="columnheader" scope="col" tabIndex={tab(at)} data-cell={`0:${at.col}`} onFocus={() => setFocus(at)}>
                      {c.label}
                    </th>
                  );
                }
                return (
                  <th key={c.key} role="columnheader" scope="col" aria-sort={ariaSort(props.query.sort, c.key)}>
                    <button type="button" class="sort-button" tabIndex={tab(at)} data-cell={`0:${at.col}`} onFocus={() => setFocus(at)} onClick={() => onSort(c.key)}>
                      {c.label}
                      <span class="visually-hidden"> (sort)</span>
                      <span aria-hidden="true" class="sort-mark">
                        {ariaSort(props.query.sort, c.key) === 'ascending' ? ' ▲' : ariaSort(props.query.sort, c.key) === 'descending' ? ' ▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
              <th role="columnheader" scope="col" tabIndex={tab({ row: 0, col: lastCol })} data-cell={`0:${lastCol}`} onFocus={() => setFocus({ row: 0, col: lastCol })}>
                Row actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => {
              const hidden = hiddenOf(row.data);
              const number = shown + r + 1;
              return (
                <tr key={row.id} role="row" aria-rowindex={number + 1}>
                  <th role="rowheader" scope="row" tabIndex={tab({ row: r + 1, col: 0 })} data-cell={`${r + 1}:0`} onFocus={() => setFocus({ row: r + 1, col: 0 })}>
                    {props.selection ? (
                      <input
                        type="checkbox"
                        tabIndex={-1}
                        class="row-select"
                        aria-label={`Select row ${number}`}
                        checked={props.selection.has(row.id)}
                        onChange={(e) => props.selection!.set(row.id, e.currentTarget.checked)}
                      />
                    ) : null}
                    {number}
                  </th>
                  {columns.map((c, i) => {
                    const at = { row: r + 1, col: i + 1 };
                    const edit = editing && editing.rowId === row.id && editing.key === c.key ? editing : null;
                    if (edit) {
                      const errorId = `cell-error-${row.id}-${c.key}`;
                      return (
                        <td key={c.key} role="gridcell" class="editing" data-cell={`${at.row}:${at.col}`}>
                          <div
                            class="cell-editor"
                            onKeyDown={(e) => {
                              if (e.key === 'Escape') {
                                e.preventDefault();
                                cancelEdit();
                              } else if (e.key === 'Enter' && (c.type !== 'textarea' || e.ctrlKey || e.metaKey) && (e.target as HTMLElement).tagName !== 'BUTTON') {
                                e.preventDefault();
                                void saveEdit();
                              }
                            }}
                          >
                            <CellInput
                              id={`cell-input-${row.id}-${c.key}`}
                              label={`${c.label}, row ${number}`}
                              hideLabel
                              column={c}
                              value={edit.draft}
                              onChange={(draft) => setEditing({ ...edit, draft })}
                              describedBy={edit.errors.length ? errorId : undefined}
                              invalid={edit.errors.length > 0}
                            />
                            {edit.errors.length ? (
                              <p class="error cell-error" id={errorId} role="alert">
                                {edit.errors.join(' ')}
                              </p>
                            ) : null}
                            <div class="editor-buttons">
                              <button type="button" onClick={() => void saveEdit()} disabled={edit.saving}>
                                Save
                              </button>
                              <button type="button" onClick={cancelEdit}>
                                Cancel
                              </button>
                            </div>
                          </div>
                        </td>
                      );
                    }
                    const isHidden = hidden.has(c.key);
                    return (
                      <td
                        key={c.key}
                        role="gridcell"
                        class={isHidden ? 'conditional' : c.type === 'number' ? 'number' : undefined}
                        tabIndex={tab(at)}
                        data-cell={`${at.row}:${at.col}`}
                        aria-readonly={props.canEdit ? undefined : 'true'}
                        onFocus={() => setFocus(at)}
                        onDblClick={() => props.canEdit && startEdit(row, c)}
                      >
                        {isHidden ? (
                          <>
                            <span aria-hidden="true">–</span>
                            <span class="visually-hidden">not shown for this row</span>
                          </>
                        ) : (
                          cellText(c, row.data[c.key])
                        )}
                      </td>
                    );
                  })}
                  <td role="gridcell" class="row-actions">
                    {props.canEdit ? (
                      <button type="button" class="danger" tabIndex={tab({ row: r + 1, col: lastCol })} data-cell={`${r + 1}:${lastCol}`} onFocus={() => setFocus({ row: r + 1, col: lastCol })} onClick={() => deleteRow(row, r)}>
                        Delete<span class="visually-hidden"> row {number}</span>
                      </button>
                    ) : (
                      <span tabIndex={tab({ row: r + 1, col: lastCol })} data-cell={`${r + 1}:${lastCol}`} onFocus={() => setFocus({ row: r + 1, col: lastCol })}>
                        <span class="visually-hidden">No actions: you can read this list</span>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="hint" id="grid-keys">
        Arrow keys move between cells; Enter edits a cell, Enter saves and Escape cancels; Page Up and Page Down turn the pages.
      </p>
      {page && total === 0 ? <p>No rows{props.query.q || props.query.filter.length || props.query.view ? ' match' : ' yet'}.</p> : null}
      <nav class="pager" aria-label="Pages of rows">
        <button type="button" disabled={shown === 0} onClick={() => goTo(Math.max(0, shown - PAGE_SIZE))}>
          Previous page
        </button>
        <p role="status">
          {total ? `Rows ${(shown + 1).toLocaleString('en')}–${Math.min(shown + PAGE_SIZE, total).toLocaleString('en')} of ${total.toLocaleString('en')} · page ${pageNo} of ${pages}` : ''}
        </p>
        <button type="button" disabled={shown + PAGE_SIZE >= total} onClick={() => goTo(shown + PAGE_SIZE)}>
          Next page
        </button>
        <PageJump pages={pages} current={pageNo} onGo={(n) => goTo((n - 1) * PAGE_SIZE)} />
      </nav>
    </div>
  );
}

function PageJump(props: { pages: number; current: number; onGo: (page: number) => void }) {
  const [value, setValue] = useState(String(props.current));
  useEffect(() => setValue(String(props.current)), [props.current]);
  if (props.pages < 2) return null;
  return (
    <form
      class="page-jump"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Math.round(Number(value));
        if (n >= 1 && n <= props.pages) props.onGo(n);
      }}
    >
      <label for="page-jump">Page</label>
      <input id="page-jump" type="number" min={1} max={props.pages} value={value} onInput={(e) => setValue(e.currentTarget.value)} />
      <button type="submit">Go</button>
    </form>
  );
}
