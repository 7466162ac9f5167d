import { useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { ErrorLine } from '../components/error-line';
import { CellInput } from './cell-input';
import type { Column, Draft } from './cells';
import { condition, type RowQuery, type View } from './row-query';
import { OPERATORS, needsValue, type Operator } from './schema-draft';

// How the grid's rows are chosen: a text search, filter conditions (all must hold, with the ten
// operators of conditional visibility), and saved views (a name for a sort and its conditions).

export function QueryBar(props: {
  listId: string;
  columns: Column[];
  query: RowQuery;
  onQuery: (query: RowQuery) => void;
  views: View[];
  onViews: () => Promise<void>;
  canSaveViews: boolean;
  onStatus: (text: string) => void;
}) {
  const { query, columns } = props;
  const [q, setQ] = useState(query.q);
  const [field, setField] = useState(columns[0]?.key ?? '');
  const [operator, setOperator] = useState<Operator>('equals');
  const [value, setValue] = useState<Draft>('');
  const [viewName, setViewName] = useState('');
  const [error, setError] = useState('');
  const column = columns.find((c) => c.key === field) ?? columns[0];
  const labelOf = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const opLabel = (op: Operator) => OPERATORS.find((o) => o.value === op)?.label ?? op;
  const view = props.views.find((v) => v.id === query.view);

  const addFilter = (event: Event) => {
    event.preventDefault();
    if (!column) return;
    const text = Array.isArray(value) ? (value[0] ?? '') : value;
    props.onQuery({ ...query, filter: [...query.filter, condition(column, operator, text)] });
    setValue('');
  };
  const saveView = async (event: Event) => {
    event.preventDefault();
    const body = { name: viewName.trim(), ...(query.sort ? { sort: query.sort } : {}), ...(query.filter.length ? { filter: query.filter } : {}) };
    const { data, error: failure } = await api.POST('/api/lists/{id}/views', { params: { path: { id: props.listId } }, body });
    if (!data) return setError(errorText(failure));
    setError('');
    setViewName('');
    await props.onViews();
    props.onQuery({ ...query, view: data.view.id, sort: '', filter: [] });
    props.onStatus(`View ${data.view.name} saved`);
  };
  const deleteView = async () => {
    if (!view) return;
    const { response, error: failure } = await api.DELETE('/api/lists/{id}/views/{viewId}', { params: { path: { id: props.listId, viewId: view.id } } });
    if (!response.ok) return setError(errorText(failure));
    setError('');
    props.onQuery({ ...query, view: '' });
    await props.onViews();
    props.onStatus(`View ${view.name} deleted`);
  };

  return (
    <div class="query-bar">
      <form
        class="inline-form"
        role="search"
        aria-label="Rows"
        onSubmit={(e) => {
          e.preventDefault();
          props.onQuery({ ...query, q });
        }}
      >
        <label for="rows-q">Search the rows</label>
        <input id="rows-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
        <button type="submit">Search</button>
      </form>

      <div class="views">
        <label for="view-select">Saved view</label>
        <select id="view-select" value={query.view} onChange={(e) => props.onQuery({ ...query, view: e.currentTarget.value })}>
          <option value="">(all rows)</option>
          {props.views.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
        {view && props.canSaveViews ? (
          <button type="button" class="danger" onClick={deleteView}>
            Delete the view {view.name}
          </button>
        ) : null}
      </div>
      {view ? (
        <p class="meta">
          {view.name}: {view.sort ? `sorted by ${labelOf(view.sort.replace(/^-/, ''))}${view.sort.startsWith('-') ? ', descending' : ''}` : 'default order'}
          {view.filter.length ? `; ${view.filter.map((c) => `${labelOf(c.field)} ${opLabel(c.operator)}${needsValue(c.operator) ? ` ${JSON.stringify(c.value)}` : ''}`).join('; ')}` : ''}
          {view.hiddenColumns.length ? `; hides ${view.hiddenColumns.map(labelOf).join(', ')}` : ''}
        </p>
      ) : null}

      <details class="filters" open={query.filter.length > 0}>
        <summary>Filters{query.filter.length ? ` (${query.filter.length})` : ''}</summary>
        {query.filter.length ? (
          <ul class="conditions">
            {query.filter.map((c, i) => (
              <li key={i}>
                {labelOf(c.field)} {opLabel(c.operator)} {needsValue(c.operator) ? JSON.stringify(c.value) : ''}{' '}
                <button type="button" onClick={() => props.onQuery({ ...query, filter: query.filter.filter((_, j) => j !== i) })}>
                  Remove filter<span class="visually-hidden"> on {labelOf(c.field)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <form class="filter-form" onSubmit={addFilter} aria-label="New filter">
          <div>
            <label for="filter-field">Column</label>
            <select
              id="filter-field"
              value={field}
              onChange={(e) => {
                setField(e.currentTarget.value);
                setValue('');
              }}
            >
              {columns.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="filter-operator">Condition</label>
            <select id="filter-operator" value={operator} onChange={(e) => setOperator(e.currentTarget.value as Operator)}>
              {OPERATORS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          {column && needsValue(operator) ? (
            <div>
              <CellInput id="filter-value" label="Value" column={column.type === 'multiselect' ? { type: 'select', options: column.options } : column} value={value} onChange={setValue} />
            </div>
          ) : null}
          <button type="submit">Add filter</button>
        </form>
      </details>

      {props.canSaveViews ? (
        <form class="inline-form" onSubmit={saveView} aria-label="Save a view">
          <label for="view-name">Save this sort and these filters as a view named</label>
          <input id="view-name" value={viewName} required onInput={(e) => setViewName(e.currentTarget.value)} />
          <button type="submit">Save view</button>
        </form>
      ) : null}
      <ErrorLine text={error} />
    </div>
  );
}
