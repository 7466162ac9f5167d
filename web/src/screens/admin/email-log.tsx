import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import type { paths } from '../../api/schema';
import { ErrorLine } from '../../components/error-line';
import { formatWhen } from '../settings/logic';
import { Pager } from './pager';
import { pageText } from './logic';

// The e-mail log: every e-mail the service sent or tried to, filtered by status, type, recipient
// and period, newest or oldest first, with the counts by status, a page at a time.

type Query = paths['/api/admin/email-logs']['get']['parameters']['query'];
type Logs = { logs: Schemas['EmailLogEntry'][]; summary: { sent: number; failed: number; logged: number }; pagination: Schemas['Pagination'] };
const PAGE = 25;

export function EmailLog() {
  const [filters, setFilters] = useState<NonNullable<Query>>({});
  const [offset, setOffset] = useState(0);
  const [logs, setLogs] = useState<Logs | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void api.GET('/api/admin/email-logs', { params: { query: { ...filters, limit: PAGE, offset } } }).then(({ data, error: failure }) => {
      if (!data) return setError(errorText(failure));
      setError('');
      setLogs(data);
    });
  }, [filters, offset]);

  const apply = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setFilters({
      ...(text('status') ? { status: text('status') as 'sent' | 'failed' | 'logged' } : {}),
      ...(text('emailType') ? { emailType: text('emailType') } : {}),
      ...(text('search') ? { search: text('search') } : {}),
      dateRange: text('dateRange') as 'today' | '7d' | '30d' | 'all',
      sort: text('sort') as 'asc' | 'desc',
    });
    setOffset(0);
  };

  return (
    <>
      <form class="filters" onSubmit={apply} aria-label="Filter the e-mail log">
        <div>
          <label for="log-status">Status</label>
          <select id="log-status" name="status">
            <option value="">Any</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
            <option value="logged">Logged (no mail server)</option>
          </select>
        </div>
        <div>
          <label for="log-type">Type</label>
          <input id="log-type" name="emailType" placeholder="verification" />
        </div>
        <div>
          <label for="log-search">Recipient contains</label>
          <input id="log-search" name="search" type="search" />
        </div>
        <div>
          <label for="log-range">Period</label>
          <select id="log-range" name="dateRange">
            <option value="all">All time</option>
            <option value="today">Today</option>
            <option value="7d">Last 7 days</option>
            <option value="30d">Last 30 days</option>
          </select>
        </div>
        <div>
          <label for="log-sort">Order</label>
          <select id="log-sort" name="sort">
            <option value="desc">Newest first</option>
            <option value="asc">Oldest first</option>
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      <ErrorLine text={error} />
      {logs === null && !error ? <p class="loading">Loading the e-mail log…</p> : null}
      {logs ? (
        <>
          <p role="status">
            {logs.summary.sent} sent, {logs.summary.failed} failed, {logs.summary.logged} logged. {pageText(logs.pagination)}
          </p>
          <div class="table-wrap" tabIndex={0} role="region" aria-label="E-mails">
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">To</th>
                  <th scope="col">Type</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {logs.logs.map((l) => (
                  <tr key={l.id}>
                    <td>{formatWhen(l.createdAt)}</td>
                    <td>{l.recipient}</td>
                    <td>{l.emailType}</td>
                    <td>{l.subject}</td>
                    <td>
                      {l.status}
                      {l.error ? `: ${l.error}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} size={PAGE} hasMore={logs.pagination.hasMore} onOffset={setOffset} />
        </>
      ) : null}
    </>
  );
}
