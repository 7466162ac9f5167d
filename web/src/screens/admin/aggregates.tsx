import { useEffect, useState } from 'preact/hooks';
import { api, errorText } from '../../api';
import { ErrorLine } from '../../components/error-line';
import { cellText, pageText } from './logic';

// The aggregates: the service's tables with their columns (read-only), and one table's rows a
// page at a time.

type Table = { name: string; columns: { name: string; type: string; nullable: boolean }[] };
type Rows = { rows: Record<string, unknown>[]; pagination: { total: number; limit: number; offset: number; hasMore: boolean } };
const PAGE = 25;

export function Aggregates() {
  const [tables, setTables] = useState<Table[] | null>(null);
  const [error, setError] = useState('');
  const [table, setTable] = useState<Table | null>(null);
  const [offset, setOffset] = useState(0);
  const [rows, setRows] = useState<Rows | null>(null);
  useEffect(() => {
    void api.GET('/api/architecture-aggregates/schema').then(({ data, error: failure }) => (data ? setTables(data.tables) : setError(errorText(failure))));
  }, []);
  useEffect(() => {
    if (!table) return;
    setRows(null);
    void api
      .GET('/api/architecture-aggregates/{table}', { params: { path: { table: table.name }, query: { limit: PAGE, offset } } })
      .then(({ data, error: failure }) => (data ? setRows(data) : setError(errorText(failure))));
  }, [table?.name, offset]);

  const choose = (event: Event) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget as HTMLFormElement).get('table'));
    setTable(tables?.find((t) => t.name === name) ?? null);
    setOffset(0);
  };

  return (
    <>
      <ErrorLine text={error} />
      {tables === null && !error ? <p class="loading">Loading the tables…</p> : null}
      {tables ? (
        <form class="inline-form" onSubmit={choose}>
          <label for="aggregate-table">Table ({tables.length})</label>
          <select id="aggregate-table" name="table">
            {tables.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name} ({t.columns.length} columns)
              </option>
            ))}
          </select>
          <button type="submit">Show the rows</button>
        </form>
      ) : null}
      {table ? (
        <section aria-labelledby="aggregate-heading">
          <h2 id="aggregate-heading">{table.name}</h2>
          <p class="hint">Columns: {table.columns.map((c) => `${c.name} (${c.type}${c.nullable ? ', may be empty' : ''})`).join(', ')}</p>
          {rows === null ? <p class="loading">Loading rows…</p> : <p role="status">{pageText(rows.pagination)}</p>}
          {rows ? (
            <div class="table-wrap" tabIndex={0} role="region" aria-label={`${table.name}: rows`}>
              <table>
                <thead>
                  <tr>
                    {table.columns.map((c) => (
                      <th scope="col" key={c.name}>
                        {c.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.rows.map((r, i) => (
                    <tr key={i}>
                      {table.columns.map((c) => (
                        <td key={c.name}>{cellText(r[c.name])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {rows ? (
            <div class="button-row">
              <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                Previous page
              </button>
              <button type="button" disabled={!rows.pagination.hasMore} onClick={() => setOffset(offset + PAGE)}>
                Next page
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
