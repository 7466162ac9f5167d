import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { MarkdownPreview } from '../documents/preview';
import { TYPE_LABELS } from '../lists/schema-draft';
import { ErrorLine } from './error-line';
import './materialize.css';

// A new list or document made with AI (spec, AI): the day's quota and who may use it from
// GET /api/ai/status (a free account reads why not, in words), a description suggested into an
// artifact (POST /api/ai/suggest, nothing written), previewed (a list's columns and starter rows;
// a document's outline and rendered text), then generated (POST /api/ai/generate) and linked.

export interface AiCreateProps {
  kind: 'list' | 'document';
}
type Status = Schemas['AiStatus'];
type ListArtifact = Schemas['AiListArtifact'];
type DocumentArtifact = Schemas['AiDocumentArtifact'];
type Mode = 'article' | 'from_list' | 'research_url';

export default function AiCreate({ kind }: AiCreateProps) {
  const id = useId();
  const [status, setStatus] = useState<Status | null>(null);
  const [quota, setQuota] = useState<{ usedToday: number; dailyLimit: number } | null>(null);
  const [input, setInput] = useState('');
  const [templateKey, setTemplateKey] = useState('');
  const [mode, setMode] = useState<Mode>('article');
  const [lists, setLists] = useState<{ id: string; title: string }[]>([]);
  const [listId, setListId] = useState('');
  const [url, setUrl] = useState('');
  const [artifact, setArtifact] = useState<ListArtifact | DocumentArtifact | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [made, setMade] = useState<{ href: string; title: string } | null>(null);
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
    const context =
      kind === 'list' ? (templateKey.trim() ? { templateKey: templateKey.trim() } : {}) : mode === 'from_list' ? { mode, listId } : mode === 'research_url' ? { mode, url } : { mode };
    const { data, error: failure } = await api.POST('/api/ai/suggest', { body: { feature: kind === 'list' ? 'powered_template' : 'powered_document', input, context } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    setQuota(data.quota);
    if (data.artifact.kind === 'list' || data.artifact.kind === 'document') setArtifact(data.artifact);
  };
  const generate = async () => {
    if (!artifact) return;
    setError('');
    setBusy(true);
    const { data, error: failure } = await api.POST('/api/ai/generate', { body: { feature: kind === 'list' ? 'powered_template' : 'powered_document', artifact } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    setQuota(data.quota);
    const created = data.created as { listId?: string; documentId?: string };
    setMade(created.listId ? { href: `/lists/${created.listId}`, title: artifact.title } : { href: `/documents/${created.documentId}`, title: artifact.title });
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
              <option value="research_url">A web page (cited)</option>
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
            Made the {what} <a href={made.href}>{made.title}</a>.
          </p>
        ) : null}
      </div>
      {artifact ? (
        <section class="preview" aria-label={`Suggested ${what}`}>
          <h3>{artifact.title}</h3>
          {artifact.kind === 'list' ? <ListPreview artifact={artifact} /> : <DocumentPreview artifact={artifact} />}
          <button type="button" onClick={() => void generate()} disabled={busy}>
            Create the {what}
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
