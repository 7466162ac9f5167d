import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { diffLines, diffSummary } from './diff';
import { DiffView } from './diff-view';
import type { Doc } from './access';

// A document's history: its revisions newest first (the API groups one editor's quick edits into
// one entry), what each changed against the entry before it, and restoring one (a new revision
// with its content) for those who may edit.

type Entry = Schemas['DocumentRevisionSummary'];
type Revision = Schemas['DocumentRevision'];
const PAGE = 20;

const when = (iso: string) => new Date(iso).toLocaleString();
const who = (e: Entry) => (e.editor.username ? `@${e.editor.username}` : 'a deleted account');

export function DocumentHistory({ doc, canRestore, onRestored }: { doc: Doc; canRestore: boolean; onRestored(doc: Doc): void }) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [chosen, setChosen] = useState<{ entry: Entry; before: Revision | null; after: Revision } | null>(null);
  const [error, setError] = useState('');

  const load = async (offset: number) => {
    const { data, error: failure } = await api.GET('/api/documents/{id}/revisions', { params: { path: { id: doc.id }, query: { limit: PAGE, offset } } });
    if (!data) return setError(errorText(failure));
    setEntries((prev) => [...(offset ? (prev ?? []) : []), ...data.revisions]);
    setHasMore(data.pagination.hasMore);
  };
  // Reloaded whenever the document gets a new revision (a save, a restore, someone else's edit).
  useEffect(() => {
    void load(0);
  }, [doc.id, doc.revision]);

  const revision = async (n: number) => {
    const { data, error: failure } = await api.GET('/api/documents/{id}/revisions/{n}', { params: { path: { id: doc.id, n } } });
    if (!data) throw new Error(errorText(failure));
    return data.revision;
  };
  const choose = async (entry: Entry, index: number) => {
    setError('');
    try {
      const previous = entries?.[index + 1];
      const [after, before] = await Promise.all([revision(entry.revision), previous ? revision(previous.revision) : Promise.resolve(null)]);
      setChosen({ entry, before, after });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const restore = async (n: number) => {
    const { data, error: failure } = await api.POST('/api/documents/{id}/revisions/{n}/restore', { params: { path: { id: doc.id, n } } });
    if (!data) return setError(errorText(failure));
    setChosen(null);
    onRestored(data.document);
  };

  if (!entries) return <p class="loading">Loading the history…</p>;
  const lines = chosen ? diffLines(chosen.before?.content ?? '', chosen.after.content) : [];
  return (
    <div class="doc-history">
      <ErrorLine text={error} />
      <ol class="revisions">
        {entries.map((e, i) => (
          <li key={e.revision}>
            <button type="button" aria-pressed={chosen?.entry.revision === e.revision} onClick={() => void choose(e, i)}>
              Revision {e.revision}
            </button>{' '}
            <span class="meta">
              {e.title} · {who(e)} · <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
              {e.revision === doc.revision ? ' · current' : ''}
            </span>
          </li>
        ))}
      </ol>
      {hasMore ? (
        <button type="button" onClick={() => void load(entries.length)}>
          Show older revisions
        </button>
      ) : null}
      {chosen ? (
        <section aria-labelledby="revision-heading">
          <h3 id="revision-heading">
            Revision {chosen.entry.revision}: {chosen.before ? `changes since revision ${chosen.before.revision}` : 'the first version'}
          </h3>
          <p>
            {diffSummary(lines)}
            {chosen.before && chosen.before.title !== chosen.after.title ? ` · title “${chosen.before.title}” became “${chosen.after.title}”` : ''}
          </p>
          <DiffView lines={lines} label={`Changes in revision ${chosen.entry.revision}`} />
          {canRestore && chosen.entry.revision !== doc.revision ? (
            <button type="button" onClick={() => void restore(chosen.entry.revision)}>
              Restore revision {chosen.entry.revision}
            </button>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
