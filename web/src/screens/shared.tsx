import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { useTitle } from '../components/title';
import { SharedDocument } from '../documents/shared-document';
import type { ScreenProps } from '../screen-props';
import NotFound from './not-found';

// `/s/<token>`: what a share link opens, readable signed out: a document's text (rendered, and
// editable through an edit link once signed in: documents/shared-document.tsx), or a list's
// columns and its first rows (the grid with paging and edits through an edit link comes with the
// lists screens).

type Shared = NonNullable<Awaited<ReturnType<typeof readShared>>['data']>;
const readShared = (token: string) => api.GET('/api/shared/{token}', { params: { path: { token } } });

export default function SharedScreen({ param }: ScreenProps) {
  const [item, setItem] = useState<Shared | null | 'missing'>(null);
  const [rows, setRows] = useState<{ id: string; data: Record<string, unknown> }[]>([]);
  useEffect(() => {
    void readShared(param).then(async ({ data }) => {
      setItem(data ?? 'missing');
      if (data?.kind === 'list') {
        const page = await api.GET('/api/shared/{token}/data', { params: { path: { token: param }, query: { limit: 50 } } });
        setRows((page.data?.data ?? []) as { id: string; data: Record<string, unknown> }[]);
      }
    });
  }, [param]);
  const title = item && item !== 'missing' ? (item.document?.title ?? item.list?.title ?? 'Shared item') : 'Shared item';
  useTitle(title);
  if (item === 'missing') return <NotFound />;
  if (!item) return <h1 tabIndex={-1}>Shared item</h1>;
  if (item.document) {
    return (
      <article>
        <h1 tabIndex={-1}>{item.document.title}</h1>
        <p class="meta">Shared by {item.owner.displayName}</p>
        <SharedDocument token={param} access={item.access} doc={item.document} />
      </article>
    );
  }
  const list = item.list!;
  const fields = (list.schema.fields ?? []) as { key: string; label?: string }[];
  return (
    <>
      <h1 tabIndex={-1}>{list.title}</h1>
      <p class="meta">Shared by {item.owner.displayName}</p>
      {list.description ? <p>{list.description}</p> : null}
      <div class="table-wrap" tabIndex={0} role="region" aria-label={`${list.title}: rows`}>
        <table>
          <thead>
            <tr>
              {fields.map((f) => (
                <th key={f.key} scope="col">
                  {f.label ?? f.key}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                {fields.map((f) => (
                  <td key={f.key}>{formatCell(r.data[f.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
