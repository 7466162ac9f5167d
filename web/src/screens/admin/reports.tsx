import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../../api';
import { ErrorLine } from '../../components/error-line';
import { OutcomeLine, outcomeOf, type Outcome } from '../settings/shared';
import { Pager } from './pager';
import { pageText } from './logic';

// The reports queue: reports of messages, newest first (GET /api/admin/reports), the open ones by
// default or the resolved ones, each with the reported message, its author, who reported it and
// why; an open report is resolved with an optional note (PATCH /api/admin/reports/{id}). What to
// do about the author is done from the Users tab (status, purge).

type Report = Schemas['MessageReport'];
const PAGE = 20;
const REASONS: Record<Report['reason'], string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate: 'Hate',
  violence: 'Violence',
  sexual: 'Sexual content',
  misinformation: 'Misinformation',
  illegal: 'Illegal content',
  other: 'Other',
};

export function Reports() {
  const [status, setStatus] = useState<Report['status']>('open');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ reports: Report[]; pagination: Schemas['Pagination'] } | null>(null);
  const [error, setError] = useState('');
  const load = async () => {
    const { data, error: failure } = await api.GET('/api/admin/reports', { params: { query: { status, limit: PAGE, offset } } });
    if (!data) return setError(errorText(failure));
    setError('');
    setPage(data);
  };
  useEffect(() => {
    void load();
  }, [status, offset]);

  return (
    <>
      <div class="inline-form">
        <label for="reports-status">Show</label>
        <select
          id="reports-status"
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as Report['status']);
            setOffset(0);
          }}
        >
          <option value="open">Open reports</option>
          <option value="resolved">Resolved reports</option>
        </select>
      </div>
      <ErrorLine text={error} />
      {page === null && !error ? <p class="loading">Loading reports…</p> : null}
      {page ? (
        <>
          <p role="status">
            {page.pagination.total === 0 ? `No ${status} reports.` : pageText(page.pagination)}
          </p>
          <ul class="reports" aria-label={status === 'open' ? 'Open reports' : 'Resolved reports'}>
            {page.reports.map((r) => (
              <ReportItem key={r.id} report={r} onResolved={load} />
            ))}
          </ul>
          <Pager offset={offset} size={PAGE} hasMore={page.pagination.hasMore} onOffset={setOffset} />
        </>
      ) : null}
    </>
  );
}

function ReportItem({ report: r, onResolved }: { report: Report; onResolved: () => Promise<void> }) {
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const headingId = `report-${r.id}`;
  const resolve = async (event: Event) => {
    event.preventDefault();
    const res = await api.PATCH('/api/admin/reports/{id}', { params: { path: { id: r.id } }, body: { status: 'resolved', ...(note.trim() ? { note: note.trim() } : {}) } });
    setOutcome(outcomeOf(res, 'Resolved.'));
    if (res.response.ok) {
      await onResolved();
      document.getElementById('reports-status')?.focus();
    }
  };
  return (
    <li aria-labelledby={headingId}>
      <h2 id={headingId} class="report-heading">
        {REASONS[r.reason]}: a message by {r.message.user.displayName} (@{r.message.user.username})
      </h2>
      <blockquote>{r.message.content}</blockquote>
      <p class="meta">
        <a href={`/messages/${encodeURIComponent(r.message.id)}`}>The message</a> · <a href={`/users/${encodeURIComponent(r.message.user.username)}`}>@{r.message.user.username}</a> · reported by
        @{r.reporter.username} on <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleString()}</time>
      </p>
      {r.detail ? <p>Their words: {r.detail}</p> : null}
      {r.status === 'resolved' ? (
        <p>
          Resolved{r.resolvedAt ? ` on ${new Date(r.resolvedAt).toLocaleString()}` : ''}
          {r.note ? `: ${r.note}` : '.'}
        </p>
      ) : (
        <form class="inline-form" onSubmit={resolve}>
          <label for={`${headingId}-note`}>Note (optional)</label>
          <input id={`${headingId}-note`} value={note} maxLength={1000} onInput={(e) => setNote(e.currentTarget.value)} />
          <button type="submit">
            Resolve<span class="visually-hidden"> the report of the message by @{r.message.user.username}</span>
          </button>
        </form>
      )}
      <OutcomeLine outcome={outcome} />
    </li>
  );
}
