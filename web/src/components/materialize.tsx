import { useId, useState } from 'preact/hooks';
import { DOCUMENT_KEYS, LIST_KEYS, MESSAGE_KEYS } from '../../../src/features/materialize/source-keys';
import { api, errorText, type Schemas } from '../api';
import { COLUMN_TYPES, keyFromLabel, TYPE_LABELS } from '../lists/schema-draft';
import { ErrorLine } from './error-line';
import { NETWORK_LABELS } from './network-names';

// The materialize panel (POST /api/materialize): the selection (ids only; the server reads each
// item again under the person) made into a new list (its columns chosen from the source's
// attributes, each named and typed, and empty columns of the person's own), a new document (list style, how an item's other values are
// laid out), both at once, or a draft thread sized to the networks chosen, posted from here as a
// message and its replies. What was made is said with a link to it.

export type ColumnType = Schemas['MaterializeField']['propertyType'];
export interface SourceAttribute {
  key: string;
  label: string;
  type: ColumnType;
  options?: string[] | null;
}
export interface MaterializeProps {
  source: Schemas['MaterializeSource'];
  /** The selection in words: "3 messages". */
  what: string;
  /** The source's attributes (a rows source: the list's columns), or a kind whose attributes are fixed. */
  attributes: readonly SourceAttribute[] | 'messages' | 'lists' | 'document';
  /** The title proposed for what is made. */
  title: string;
}

type Target = 'list' | 'doc' | 'both' | 'message';
type Draft = Schemas['MaterializeMessageDraft']['message'];
type Created = Schemas['MaterializeCreated'];

const FIXED: Record<'messages' | 'lists' | 'document', Record<string, Omit<SourceAttribute, 'key'>>> = {
  messages: {
    content: { label: 'Content', type: 'textarea' },
    createdAt: { label: 'Posted', type: 'datetime' },
    tags: { label: 'Tags', type: 'text' },
    digCount: { label: 'Digs', type: 'number' },
    replyCount: { label: 'Replies', type: 'number' },
    author: { label: 'Author', type: 'text' },
    url: { label: 'Link', type: 'url' },
  } satisfies Record<(typeof MESSAGE_KEYS)[number], Omit<SourceAttribute, 'key'>>,
  lists: {
    title: { label: 'Title', type: 'text' },
    description: { label: 'Description', type: 'textarea' },
    rowCount: { label: 'Rows', type: 'number' },
  } satisfies Record<(typeof LIST_KEYS)[number], Omit<SourceAttribute, 'key'>>,
  document: {
    title: { label: 'Document', type: 'text' },
    heading: { label: 'Section', type: 'text' },
    item: { label: 'Item', type: 'text' },
  } satisfies Record<(typeof DOCUMENT_KEYS)[number], Omit<SourceAttribute, 'key'>>,
};

const attributesOf = (a: MaterializeProps['attributes']): SourceAttribute[] =>
  typeof a === 'string' ? Object.entries(FIXED[a]).map(([key, v]) => ({ key, ...v })) : [...a];

interface ColumnChoice extends SourceAttribute {
  include: boolean;
  /** A column the person added: no source attribute (`sourceKey: null`), named by its label. */
  added?: boolean;
}

const TARGETS: [Target, string][] = [
  ['list', 'A new list'],
  ['doc', 'A new document'],
  ['both', 'Both a list and a document'],
  ['message', 'A draft message or thread'],
];

export default function Materialize(props: MaterializeProps) {
  const id = useId();
  const [target, setTarget] = useState<Target>('list');
  const [title, setTitle] = useState(props.title);
  const [isPublic, setPublic] = useState(false);
  const [columns, setColumns] = useState<ColumnChoice[]>(() => attributesOf(props.attributes).map((a) => ({ ...a, include: true })));
  const [columnsOnly, setColumnsOnly] = useState(false);
  const [listStyle, setListStyle] = useState<'bulleted' | 'numbered'>('bulleted');
  const [rowDataStyle, setRowDataStyle] = useState<'inline' | 'sub-items'>('inline');
  const [networks, setNetworks] = useState<string[]>([]);
  const [allowThread, setAllowThread] = useState(true);
  const [numbered, setNumbered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [posted, setPosted] = useState<{ id: string; parts: number } | null>(null);

  const wantsList = target === 'list' || target === 'both';
  const wantsDoc = target === 'doc' || target === 'both';
  const change = (key: string, patch: Partial<ColumnChoice>) => setColumns((old) => old.map((c) => (c.key === key ? { ...c, ...patch } : c)));
  /** The person's own columns are numbered in the order added (none is ever taken away). */
  const addColumn = () => setColumns((old) => [...old, { key: `added column ${old.filter((c) => c.added).length + 1}`, label: '', type: 'text', include: true, added: true }]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setError('');
    setCreated(null);
    setDraft(null);
    setPosted(null);
    const taken = columns.filter((c) => c.include);
    const unnamed = taken.find((c) => c.added && !keyFromLabel(c.label));
    if (wantsList && unnamed) return setError(`Name the ${unnamed.key}: a letter or digit at least.`);
    const fields = taken.map((c) => ({
      propertyKey: c.added ? keyFromLabel(c.label) : c.key,
      propertyName: c.label.trim() || c.key,
      propertyType: c.type,
      sourceKey: c.added ? null : c.key,
      ...((c.type === 'select' || c.type === 'multiselect') && c.options?.length ? { options: c.options } : {}),
    }));
    if (wantsList && fields.length === 0) return setError('Choose at least one column for the new list.');
    setBusy(true);
    const { data, error: failure } = await api.POST('/api/materialize', {
      body: {
        target,
        source: props.source,
        ...(wantsList ? { listConfig: { title, isPublic, fields, includeData: !columnsOnly } } : {}),
        ...(wantsDoc ? { docConfig: { title, isPublic, listStyle, rowDataStyle } } : {}),
        ...(target === 'message' ? { messageConfig: { crossPostTargets: networks, allowThread, numbered } } : {}),
      },
    });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    if ('message' in data) setDraft(data.message as Draft);
    else setCreated(data as Created);
  };

  /** The draft as posts: the first a message, each next one a reply to the one before. */
  const postDraft = async () => {
    if (!draft) return;
    setError('');
    setBusy(true);
    let parentId: string | undefined;
    let first: string | undefined;
    for (const [i, content] of draft.thread.entries()) {
      const { data, error: failure } = await api.POST('/api/messages', { body: { content, ...(parentId ? { parentId } : {}) } });
      if (!data) {
        setBusy(false);
        return setError(`Part ${i + 1} was not posted: ${errorText(failure)}${i ? ` The first ${i} ${i === 1 ? 'is' : 'are'} posted.` : ''}`);
      }
      parentId = data.data.id;
      first ??= data.data.id;
    }
    setBusy(false);
    setDraft(null);
    setPosted({ id: first!, parts: draft.thread.length });
  };

  return (
    <section class="materialize" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Materialize {props.what}</h2>
      <form onSubmit={submit}>
        <fieldset>
          <legend>Make</legend>
          {TARGETS.map(([value, label]) => (
            <label class="check" key={value}>
              <input type="radio" name={`${id}-target`} value={value} checked={target === value} onChange={() => setTarget(value)} /> {label}
            </label>
          ))}
        </fieldset>
        {target !== 'message' ? (
          <>
            <label for={`${id}-title`}>Title</label>
            <input id={`${id}-title`} value={title} required onInput={(e) => setTitle(e.currentTarget.value)} />
            <label class="check">
              <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.currentTarget.checked)} /> Public
            </label>
          </>
        ) : null}
        {wantsList ? (
          <fieldset>
            <legend>The new list’s columns</legend>
            <table class="materialize-columns">
              <thead>
                <tr>
                  <th scope="col">Take</th>
                  <th scope="col">Column name</th>
                  <th scope="col">Type</th>
                </tr>
              </thead>
              <tbody>
                {columns.map((c) => (
                  <tr key={c.key}>
                    <td>
                      <input type="checkbox" id={`${id}-take-${c.key}`} checked={c.include} onChange={(e) => change(c.key, { include: e.currentTarget.checked })} />
                      <label for={`${id}-take-${c.key}`} class="visually-hidden">
                        Take {c.key}
                      </label>
                    </td>
                    <td>
                      <input aria-label={c.added ? `Name of the ${c.key}` : `Column name for ${c.key}`} value={c.label} disabled={!c.include} onInput={(e) => change(c.key, { label: e.currentTarget.value })} />
                      {c.added ? <span class="hint"> (empty, to fill in)</span> : null}
                    </td>
                    <td>
                      <select aria-label={`Type of ${c.key}`} value={c.type} disabled={!c.include} onChange={(e) => change(c.key, { type: e.currentTarget.value as ColumnType })}>
                        {COLUMN_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {TYPE_LABELS[t]}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="button" onClick={addColumn}>
              Add an empty column
            </button>
            <label class="check">
              <input type="checkbox" checked={columnsOnly} onChange={(e) => setColumnsOnly(e.currentTarget.checked)} /> The columns only (no rows)
            </label>
          </fieldset>
        ) : null}
        {wantsDoc ? (
          <fieldset>
            <legend>The new document</legend>
            <label for={`${id}-style`}>Items as</label>
            <select id={`${id}-style`} value={listStyle} onChange={(e) => setListStyle(e.currentTarget.value as 'bulleted' | 'numbered')}>
              <option value="bulleted">A bulleted list</option>
              <option value="numbered">A numbered list</option>
            </select>
            <label for={`${id}-details`}>Each item’s other values</label>
            <select id={`${id}-details`} value={rowDataStyle} onChange={(e) => setRowDataStyle(e.currentTarget.value as 'inline' | 'sub-items')}>
              <option value="inline">On the item’s line</option>
              <option value="sub-items">As nested items</option>
            </select>
          </fieldset>
        ) : null}
        {target === 'message' ? (
          <fieldset>
            <legend>The draft</legend>
            <p class="hint">Sized to your message length and to the tightest limit of the networks chosen.</p>
            {Object.entries(NETWORK_LABELS).map(([channel, label]) => (
              <label class="check" key={channel}>
                <input
                  type="checkbox"
                  checked={networks.includes(channel)}
                  onChange={(e) => setNetworks((old) => (e.currentTarget.checked ? [...old, channel] : old.filter((c) => c !== channel)))}
                />{' '}
                Fit {label}
              </label>
            ))}
            <label class="check">
              <input type="checkbox" checked={allowThread} onChange={(e) => setAllowThread(e.currentTarget.checked)} /> Split it into a thread when too long
            </label>
            <label class="check">
              <input type="checkbox" checked={numbered} onChange={(e) => setNumbered(e.currentTarget.checked)} /> Number the parts (1/3, 2/3…)
            </label>
          </fieldset>
        ) : null}
        <ErrorLine text={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Working…' : target === 'message' ? 'Draft it' : 'Make it'}
        </button>
      </form>
      <div role="status">
        {created ? <CreatedLine created={created} /> : null}
        {posted ? (
          <p>
            Posted {posted.parts === 1 ? 'the message' : `a thread of ${posted.parts} posts`}: <a href={`/messages/${posted.id}`}>open it</a>.
          </p>
        ) : null}
      </div>
      {draft ? (
        <section class="draft" aria-label="Draft">
          <p>
            {draft.isThread ? `A thread of ${draft.thread.length} posts` : 'One post'}, each at most {draft.charLimit} characters.
          </p>
          <ol>
            {draft.thread.map((part, i) => (
              <li key={i} class="content">
                {part}
              </li>
            ))}
          </ol>
          <button type="button" onClick={() => void postDraft()} disabled={busy}>
            {draft.isThread ? 'Post the thread' : 'Post it'}
          </button>
          <button type="button" onClick={() => setDraft(null)}>
            Discard the draft
          </button>
        </section>
      ) : null}
    </section>
  );
}

function CreatedLine({ created }: { created: Created }) {
  const l = created.list;
  return (
    <>
      {l ? (
        <p>
          Made the list <a href={`/lists/${l.id}`}>{l.title}</a> with {l.rowCount} {l.rowCount === 1 ? 'row' : 'rows'}
          {l.emptiedValues ? `; ${l.emptiedValues} ${l.emptiedValues === 1 ? 'value' : 'values'} the list refused left empty` : ''}
          {l.skippedRows ? `; ${l.skippedRows} ${l.skippedRows === 1 ? 'row' : 'rows'} left out (a required value missing)` : ''}.
        </p>
      ) : null}
      {created.document ? (
        <p>
          Made the document <a href={`/documents/${created.document.id}`}>{created.document.title}</a>.
        </p>
      ) : null}
    </>
  );
}
