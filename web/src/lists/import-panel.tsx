import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText } from '../api';
import type { paths } from '../api/schema';
import { ErrorLine } from '../components/error-line';
import type { Column } from './cells';

// CSV import (POST /api/lists/{id}/import, a job): the file, what to do with invalid lines, a dry
// run, an upsert key; then the job's progress while it runs and each line's errors when it ends.

type Job = NonNullable<Awaited<ReturnType<typeof readJob>>['data']>['job'];
type ImportForm = paths['/api/lists/{id}/import']['post']['requestBody']['content']['multipart/form-data'];
const readJob = (id: string, jobId: string) => api.GET('/api/lists/{id}/imports/{jobId}', { params: { path: { id, jobId } } });
const POLL_MS = 400;

export function ImportPanel(props: { listId: string; columns: Column[]; onImported: () => void }) {
  const [mode, setMode] = useState<'all-or-nothing' | 'valid-rows'>('all-or-nothing');
  const [dryRun, setDryRun] = useState(false);
  const [upsertKey, setUpsertKey] = useState('');
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState('');
  const file = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const unique = props.columns.filter((c) => c.unique);

  const follow = (jobId: string) => {
    timer.current = setTimeout(() => {
      void readJob(props.listId, jobId).then(({ data, error: failure }) => {
        if (!data) return setError(errorText(failure));
        setJob(data.job);
        if (data.job.status === 'queued' || data.job.status === 'running') return follow(jobId);
        if (!data.job.dryRun && data.job.inserted + data.job.updated > 0) props.onImported();
      });
    }, POLL_MS);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setError('Choose a CSV file to import.');
    const form = new FormData();
    form.append('file', chosen);
    form.append('mode', mode);
    form.append('dryRun', String(dryRun));
    if (upsertKey) form.append('upsertKey', upsertKey);
    setJob(null);
    // FormData goes as it is (openapi-fetch leaves it to the browser, boundary included).
    const { data, error: failure } = await api.POST('/api/lists/{id}/import', { params: { path: { id: props.listId } }, body: form as unknown as ImportForm });
    if (!data) return setError(errorText(failure));
    setError('');
    setJob({ id: data.job.id, status: data.job.status, dryRun, total: 0, processed: 0, inserted: 0, updated: 0, skipped: 0, errors: [] } as Job);
    follow(data.job.id);
  };

  const running = job && (job.status === 'queued' || job.status === 'running');
  return (
    <section class="import-panel" aria-labelledby="import-heading">
      <h2 id="import-heading">Import rows from a CSV file</h2>
      <form class="stack" onSubmit={submit}>
        <label for="import-file">CSV file (its first line names the columns by key or label)</label>
        <input id="import-file" ref={file} type="file" accept=".csv,text/csv,text/plain" required />
        <label for="import-mode">When a line is invalid</label>
        <select id="import-mode" value={mode} onChange={(e) => setMode(e.currentTarget.value as typeof mode)}>
          <option value="all-or-nothing">import nothing</option>
          <option value="valid-rows">import the valid lines only</option>
        </select>
        {unique.length ? (
          <>
            <label for="import-upsert">Lines whose value matches an existing row update it, by</label>
            <select id="import-upsert" value={upsertKey} onChange={(e) => setUpsertKey(e.currentTarget.value)}>
              <option value="">(always add new rows)</option>
              {unique.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <label class="check">
          <input type="checkbox" checked={dryRun} onChange={(e) => setDryRun(e.currentTarget.checked)} /> Only check the file (a dry run writes nothing)
        </label>
        <ErrorLine text={error} />
        <button type="submit" disabled={Boolean(running)}>
          {dryRun ? 'Check the file' : 'Import'}
        </button>
      </form>
      {job ? <ImportProgress job={job} /> : null}
    </section>
  );
}

function ImportProgress({ job }: { job: Job }) {
  const running = job.status === 'queued' || job.status === 'running';
  const summary = running
    ? job.status === 'queued'
      ? 'The import is waiting to start…'
      : `Checked ${job.processed} of ${job.total} lines…`
    : job.status === 'failed'
      ? `The ${job.dryRun ? 'check' : 'import'} failed${job.errors.length ? `: ${job.errors.length} ${job.errors.length === 1 ? 'line has' : 'lines have'} errors` : ''}; nothing was written.`
      : job.dryRun
        ? `Checked ${job.processed} lines: ${job.errors.length ? `${job.errors.length} with errors` : 'all valid'}. Nothing was written (dry run).`
        : `Done: ${job.inserted} added, ${job.updated} updated, ${job.skipped} skipped.`;
  return (
    <div class="import-progress">
      <label for="import-progress">Import progress</label>
      <progress id="import-progress" max={Math.max(job.total, 1)} value={running ? job.processed : Math.max(job.total, 1)} />
      <p role="status">{summary}</p>
      {job.errors.length ? (
        <>
          <h3>Lines with errors</h3>
          <ul class="import-errors">
            {job.errors.map((e) => (
              <li key={e.line}>
                Line {e.line}: {e.messages.join(' ')}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
