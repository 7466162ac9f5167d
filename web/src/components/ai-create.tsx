import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { MarkdownPreview } from '../documents/preview';
import { TYPE_LABELS } from '../lists/schema-draft';
import { ErrorLine } from './error-line';
import './materialize.css';

// A new list or document made with AI (spec, AI): the day's quota and who may use it from
// GET /api/ai/status (a free account reads why not, in words), a description suggested into an
// artifact (POST /api/ai/suggest, nothing written), previewed (a list's columns and starter rows;
// a document's outline and rendered text; a series' folder and its documents), then generated
// (POST /api/ai/generate) and linked. A document is written from the description alone, one of the
// person's lists or documents, or a web page; a series (article_series) is 2 to 6 documents in a
// new folder.

export interface AiCreateProps {
  kind: 'list' | 'document';
}
type Status = Schemas['AiStatus'];
type ListArtifact = Schemas['AiListArtifact'];
type DocumentArtifact = Schemas['AiDocumentArtifact'];
type SeriesArtifact = Schemas['AiDocSeriesArtifact'];
type Mode = 'article' | 'from_list' | 'from_article' | 'research_url' | 'series';
/** The series size the spec allows (article_series: 2 to 6, 4 by default). */
const SERIES = { min: 2, max: 6, fallback: 4 };

export default function AiCreate({ kind }: AiCreateProps) {
  const id = useId();
  const [status, setStatus] = useState<Status | null>(null);
  const [quota, setQuota] = useState<{ usedToday: number; dailyLimit: number } | null>(null);
  const [input, setInput] = useState('');
  const [templateKey, setTemplateKey] = useState('');
  const [mode, setMode] = useState<Mode>('article');
  const [lists, setLists] = useState<{ id: string; title: string }[]>([]);
  const [listId, setListId] = useState('');
  const [documents, setDocuments] = useState<{ id: string; title: string }[]>([]);
  const [documentId, setDocumentId] = useState('');
  const [count, setCount] = useState(SERIES.fallback);
  const [url, setUrl] = useState('');
  const [artifact, setArtifact] = useState<ListArtifact | DocumentArtifact | SeriesArtifact | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [made, setMade] = useState<{ href: string; title: string; what: string } | null>(null);
  const what = kind === 'list' ? 'list' : 'document';

  useEffect(() => {
    void api.GET('/api/ai/status').then(({ data, error: failure }) => {
      if (!data) return setError(errorText(failure));
      setStatus(data);
      setQuota(data.quota);
    });
  }, []);
  useEffect(() => {
    if (mode === 'from_list' && lists.length === 0) {
      void api.GET('/api/lists', { params: { query: { limit: 100 } } }).then(({ data }) => {
        const mine = data?.data.map((l) => ({ id: l.id, title: l.title })) ?? [];
        setLists(mine);
        setListId((old) => old || mine[0]?.id || '');
      });
    }
    if (mode === 'from_article' && documents.length === 0) {
      void api.GET('/api/documents').then(({ data }) => {
        const mine = data?.documents.map((d) => ({ id: d.id, title: d.title })) ?? [];
        setDocuments(mine);
        setDocumentId((old) => old || mine[0]?.id || '');
      });
    }
  }, [mode]);

  if (!status) return <section class="panel ai-create">{error ? <ErrorLine text={error} /> : <p class="loading">Loading…</p>}</section>;
  const heading = `Make a ${what} with AI`;
  if (!status.subscriber || status.providers.length === 0) {
    return (
      <section class="panel ai-create" aria-label={heading}>
        <p>
          {!status.subscriber ? (
            <>
              Making a {what} with AI comes with a subscription. See <a href="/settings/billing">billing</a> to subscribe.
            </>
          ) : (
            'AI is not set up on this server: no provider key is configured.'
          )}
        </p>
      </section>
    );
  }

  const suggest = async (event: Event) => {
    event.preventDefault();
    setError('');
    setMade(null);
    setArtifact(null);
    setBusy(true);
    const { data, error: failure } = await api.POST('/api/ai/suggest', { body: { feature: feature(), input, context: context() } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    setQuota(data.quota);
    if (data.artifact.kind === 'list' || data.artifact.kind === 'document' || data.artifact.kind === 'doc_series') setArtifact(data.artifact);
  };
  const feature = () => (kind === 'list' ? 'powered_template' : mode === 'series' ? 'article_series' : 'powered_document');
  const context = () => {
    if (kind === 'list') return templateKey.trim() ? { templateKey: templateKey.trim() } : {};
    if (mode === 'series') return { count };
    if (mode === 'from_list') return { mode, listId };
    if (mode === 'from_article') return { mode, documentId };
    if (mode === 'research_url') return { mode, url };
    return { mode };
  };
  const generate = async () => {
    if (!artifact) return;
    setError('');
    setBusy(true);
    const { data, error: failure } = await api.POST('/api/ai/generate', { body: { feature: feature(), artifact } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    setQuota(data.quota);
    const created = data.created as { listId?: string; documentId?: string; folderId?: string; documentIds?: string[] };
    if (artifact.kind === 'doc_series') {
      setMade({ href: `/documents?folder=${encodeURIComponent(created.folderId!)}`, title: artifact.folderTitle, what: `folder of ${created.documentIds!.length} documents` });
    } else {
      setMade(created.listId ? { href: `/lists/${created.listId}`, title: artifact.title, what } : { href: `/documents/${created.documentId}`, title: artifact.title, what });
    }
    setArtifact(null);
  };

  return (
    <section class="panel ai-create" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
      {quota ? (
        <p class="hint">
          {quota.usedToday} of {quota.dailyLimit} AI requests used in the last 24 hours.
        </p>
      ) : null}
      <form onSubmit={suggest}>
        <label for={`${id}-input`}>{kind === 'list' ? 'Describe the list: what it keeps track of' : 'What the document is about'}</label>
        <textarea id={`${id}-input`} rows={3} required value={input} onInput={(e) => setInput(e.currentTarget.value)} />
        {kind === 'list' ? (
          <>
            <label for={`${id}-template`}>Start from a well-known template (optional, for example “reading”)</label>
            <input id={`${id}-template`} value={templateKey} onInput={(e) => setTemplateKey(e.currentTarget.value)} />
          </>
        ) : (
          <>
            <label for={`${id}-mode`}>Write it from</label>
            <select id={`${id}-mode`} value={mode} onChange={(e) => setMode(e.currentTarget.value as Mode)}>
              <option value="article">The description alone</option>
              <option value="from_list">One of your lists</option>
              <option value="from_article">One of your documents</option>
              <option value="research_url">A web page (cited)</option>
              <option value="series">The description, as a series of documents</option>
            </select>
            {mode === 'from_list' ? (
              <>
                <label for={`${id}-list`}>The list</label>
                <select id={`${id}-list`} value={listId} required onChange={(e) => setListId(e.currentTarget.value)}>
                  {lists.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.title}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            {mode === 'from_article' ? (
              <>
                <label for={`${id}-document`}>The document</label>
                <select id={`${id}-document`} value={documentId} required onChange={(e) => setDocumentId(e.currentTarget.value)}>
                  {documents.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            {mode === 'series' ? (
              <>
                <label for={`${id}-count`}>How many documents ({SERIES.min} to {SERIES.max})</label>
                <input id={`${id}-count`} type="number" min={SERIES.min} max={SERIES.max} required value={count} onInput={(e) => setCount(Number(e.currentTarget.value))} />
              </>
            ) : null}
            {mode === 'research_url' ? (
              <>
                <label for={`${id}-url`}>The page’s address</label>
                <input id={`${id}-url`} type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
              </>
            ) : null}
          </>
        )}
        <ErrorLine text={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Working…' : 'Suggest'}
        </button>
      </form>
      <div role="status">
        {made ? (
          <p>
            Made the {made.what} <a href={made.href}>{made.title}</a>.
          </p>
        ) : null}
      </div>
      {artifact ? (
        <section class="preview" aria-label={artifact.kind === 'doc_series' ? 'Suggested series' : `Suggested ${what}`}>
          <h3>{artifact.kind === 'doc_series' ? artifact.folderTitle : artifact.title}</h3>
          {artifact.kind === 'list' ? <ListPreview artifact={artifact} /> : artifact.kind === 'document' ? <DocumentPreview artifact={artifact} /> : <SeriesPreview artifact={artifact} />}
          <button type="button" onClick={() => void generate()} disabled={busy}>
            {artifact.kind === 'doc_series' ? `Create the ${artifact.documents.length} documents` : `Create the ${what}`}
          </button>
          <button type="button" onClick={() => setArtifact(null)}>
            Discard
          </button>
        </section>
      ) : null}
    </section>
  );
}

function ListPreview({ artifact }: { artifact: ListArtifact }) {
  const fields = artifact.dsl.fields;
  const typeOf = (t: string) => TYPE_LABELS[t as keyof typeof TYPE_LABELS] ?? t;
  return (
    <>
      {artifact.description ? <p>{artifact.description}</p> : null}
      <table>
        <caption>Columns</caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Type</th>
            <th scope="col">Required</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.key}>
              <td>{f.label}</td>
              <td>
                {typeOf(f.type)}
                {Array.isArray(f.options) ? `: ${(f.options as string[]).join(', ')}` : ''}
              </td>
              <td>{f.required ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {artifact.rows.length ? (
        <table>
          <caption>Starter rows ({artifact.rows.length})</caption>
          <thead>
            <tr>
              {fields.map((f) => (
                <th key={f.key} scope="col">
                  {f.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {artifact.rows.map((row, i) => (
              <tr key={i}>
                {fields.map((f) => (
                  <td key={f.key}>{row[f.key] === undefined || row[f.key] === null ? '' : Array.isArray(row[f.key]) ? (row[f.key] as unknown[]).join(', ') : String(row[f.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>No starter rows.</p>
      )}
    </>
  );
}

function DocumentPreview({ artifact }: { artifact: DocumentArtifact }) {
  return (
    <>
      {artifact.outline.length ? (
        <>
          <p>Outline:</p>
          <ol>
            {artifact.outline.map((o, i) => (
              <li key={i}>{o}</li>
            ))}
          </ol>
        </>
      ) : null}
      <MarkdownPreview markdown={artifact.markdown} label="Suggested text" />
    </>
  );
}

/** A series: the folder it goes in, then each document in order, its text folded away until opened. */
function SeriesPreview({ artifact }: { artifact: SeriesArtifact }) {
  return (
    <>
      <p>
        {artifact.documents.length} documents in a new folder, “{artifact.folderTitle}”:
      </p>
      <ol>
        {[...artifact.documents]
          .sort((a, b) => a.order - b.order)
          .map((d) => (
            <li key={d.order}>
              <details>
                <summary>{d.title}</summary>
                <MarkdownPreview markdown={d.markdown} label={`Suggested text of ${d.title}`} />
              </details>
            </li>
          ))}
      </ol>
    </>
  );
}
