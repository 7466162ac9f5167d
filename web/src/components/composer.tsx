import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Message } from '../api';
import { useSession } from '../session';
import { ErrorLine } from './error-line';

// The composer: text with a live count against the account's maxMessageLength (counted by the
// service's own rule, src/lib/post-lengths.ts, loaded after the first paint so the first load stays
// small), tags, visibility. A reply when `parentId` is given.

type Lengths = typeof import('../../../src/lib/post-lengths');
let lengths: Promise<Lengths> | undefined;
const loadLengths = () => (lengths ??= import('../../../src/lib/post-lengths'));

/** Tags as typed: separated by spaces or commas, a leading # dropped, each once. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).map((t) => t.replace(/^#/, '')).filter(Boolean))];
}

export default function Composer(props: { parentId?: string; onPosted: (m: Message) => void; label?: string }) {
  const user = useSession();
  const id = useId();
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const [isPublic, setPublic] = useState(user?.defaultPubliclyVisible ?? true);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [measure, setMeasure] = useState<Lengths['messageLength'] | null>(null);
  useEffect(() => {
    void loadLengths().then((m) => setMeasure(() => m.messageLength));
  }, []);
  if (!user) return null;

  const max = user.maxMessageLength;
  const used = measure ? measure(content) : null;
  const over = used !== null && used > max;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (sending || over) return;
    setSending(true);
    setError('');
    const body = { content, publiclyVisible: isPublic, ...(props.parentId ? { parentId: props.parentId } : {}), ...(tags.trim() ? { tags: parseTags(tags) } : {}) };
    const { data, error: failure } = await api.POST('/api/messages', { body });
    setSending(false);
    if (!data) return setError(errorText(failure));
    setContent('');
    setTags('');
    props.onPosted(data.data);
  };

  return (
    <form class="composer" onSubmit={submit} aria-label={props.label ?? (props.parentId ? 'Reply' : 'New message')}>
      <label for={`${id}-text`}>{props.parentId ? 'Your reply' : 'What is new?'}</label>
      <textarea id={`${id}-text`} value={content} onInput={(e) => setContent(e.currentTarget.value)} rows={3} aria-describedby={`${id}-count`} required />
      <p id={`${id}-count`} class={over ? 'count over' : 'count'}>
        {used === null ? `At most ${max} characters` : `${used} of ${max} characters${over ? `: ${used - max} too many` : ''}`}
      </p>
      {props.parentId ? null : (
        <>
          <label for={`${id}-tags`}>Tags (separated by spaces)</label>
          <input id={`${id}-tags`} value={tags} onInput={(e) => setTags(e.currentTarget.value)} />
        </>
      )}
      <label class="check">
        <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.currentTarget.checked)} /> Public (unchecked: followers only)
      </label>
      <ErrorLine text={error} />
      <button type="submit" disabled={sending || over}>
        {props.parentId ? 'Reply' : 'Post'}
      </button>
    </form>
  );
}
