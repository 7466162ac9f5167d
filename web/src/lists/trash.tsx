import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import { ErrorLine } from '../components/error-line';
import { cellText, type Column, type Row } from './cells';

// Deleted rows stay in a trash for 30 days (GET /api/lists/{id}/trash); each can come back
// (409 `unique_violation` when its value was taken meanwhile, said in words).

type TrashedRow = Row & { deletedAt?: string | null };
const PAGE = 50;

export function Trash(props: { listId: string; columns: Column[]; canEdit: boolean; reload: number; onRestored: (text: string) => void }) {
  const [rows, setRows] = useState<TrashedRow[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState('');
  const [open, setOpen] = useState(false);
  const shown = props.columns.slice(0, 3);

  const load = async (offset = 0) => {
    const { data, error: failure } = await api.GET('/api/lists/{id}/trash', { params: { path: { id: props.listId }, query: { limit: PAGE, offset } } });
    if (!data) return setError(errorText(failure));
    setRows((old) => (offset && old ? [...old, ...(data.data as TrashedRow[])] : (data.data as TrashedRow[])));
    setHasMore(data.pagination.hasMore);
  };
  const restore = async (row: TrashedRow) => {
    const { data, error: failure } = await api.POST('/api/lists/{id}/data/{rowId}/restore', { params: { path: { id: props.listId, rowId: row.id } } });
    if (!data) return setError(errorText(failure));
    setError('');
    setRows((old) => old?.filter((r) => r.id !== row.id) ?? null);
    props.onRestored('Row restored');
  };
  // A row deleted while the trash is open shows up in it.
  useEffect(() => {
    if (open) void load();
  }, [props.reload, open]);
  const describe = (row: Row) => shown.map((c) => cellText(c, row.data[c.key])).filter(Boolean).join(' · ') || 'Empty row';

  return (
    <details
      class="trash"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>Trash: deleted rows, kept for 30 days</summary>
      <ErrorLine text={error} />
      {rows?.length === 0 ? <p>The trash is empty.</p> : null}
      <ul>
        {rows?.map((r) => (
          <li key={r.id}>
            <span>{describe(r)}</span>
            {r.deletedAt ? <span class="meta"> · deleted {new Date(r.deletedAt).toLocaleString('en')}</span> : null}{' '}
            {props.canEdit ? (
              <button type="button" onClick={() => restore(r)}>
                Restore<span class="visually-hidden"> the row {describe(r)}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {hasMore ? (
        <button type="button" onClick={() => load(rows?.length ?? 0)}>
          Show more deleted rows
        </button>
      ) : null}
    </details>
  );
}
