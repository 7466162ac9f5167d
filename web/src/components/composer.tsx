import type { ComponentType } from 'preact';
import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Message, type Schemas } from '../api';
import { useSession } from '../session';
import { ErrorLine } from './error-line';
import type { ComposerExtra, ComposerOptionsProps } from './composer-options';
import type { Lengths, MessageBody } from './composer-types';

// The composer: text with a live count against the account's maxMessageLength (counted by the
// service's own rule, src/lib/post-lengths.ts, loaded after the first paint so the first load stays
// small), tags, visibility. A reply when `parentId` is given. A new post's further options (media,
// scheduling, cross-posting, posting to an organization, AI) are a lazy chunk of their own
// (composer-options.tsx), loaded when the person opens them.

type Created = { data: Message; scheduledAt?: string; crossPosts: Schemas['CrossPostEntry'][]; org?: Schemas['MessageOrg'] };
let lengths: Promise<Lengths> | undefined;
export const loadLengths = () => (lengths ??= import('../../../src/lib/post-lengths'));

/** Tags as typed: separated by spaces or commas, a leading # dropped, each once. */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).map((t) => t.replace(/^#/, '')).filter(Boolean))];
}

const NO_EXTRA: ComposerExtra = { body: {}, problem: null };
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What became of a post, in words: scheduled for when, to which organization, each network's delivery. */
function outcome(created: Created): string {
  const parts = [created.scheduledAt ? `Scheduled for ${when(created.scheduledAt)}.` : 'Posted.'];
  if (created.org) parts.push(`Posted to ${created.org.name}.`);
  for (const c of created.crossPosts) parts.push(`${c.platform}: ${c.status === 'ok' ? 'delivered' : c.status === 'failed' ? `failed (${c.error ?? 'refused'})` : 'on its way'}.`);
  return parts.join(' ');
}

export default function Composer(props: { parentId?: string; onPosted: (m: Message) => void; label?: string }) {
  const user = useSession();
  const id = useId();
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const [isPublic, setPublic] = useState(user?.defaultPubliclyVisible ?? true);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  const [sending, setSending] = useState(false);
  const [measure, setMeasure] = useState<Lengths | null>(null);
  const [Options, setOptions] = useState<ComponentType<ComposerOptionsProps> | null>(null);
  const [showOptions, setShowOptions] = useState(false);
  const [extra, setExtra] = useState<ComposerExtra>(NO_EXTRA);
  // A new key after each post starts the options afresh (no upload or schedule carried over).
  const [round, setRound] = useState(0);
  useEffect(() => {
    void loadLengths().then((m) => setMeasure(m));
  }, []);
  if (!user) return null;

  const max = user.maxMessageLength;
  const used = measure ? measure.messageLength(content) : null;
  const over = used !== null && used > max;
  const blocked = over || (showOptions && extra.problem !== null);

  const toggleOptions = async () => {
    if (showOptions) {
      setShowOptions(false);
      setExtra(NO_EXTRA);
      return;
    }
    if (!Options) {
      const module = await import('./composer-options');
      setOptions(() => module.default);
    }
    setShowOptions(true);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (sending || blocked) return;
    setSending(true);
    setError('');
    setSaid('');
    const body: MessageBody = {
      content,
      publiclyVisible: isPublic,
      ...(props.parentId ? { parentId: props.parentId } : {}),
      ...(tags.trim() ? { tags: parseTags(tags) } : {}),
      ...(showOptions ? extra.body : {}),
    };
    const { data, error: failure } = await api.POST('/api/messages', { body });
    setSending(false);
    if (!data) return setError(errorText(failure));
    setContent('');
    setTags('');
    setRound((n) => n + 1);
    setSaid(outcome(data));
    if (!data.scheduledAt) props.onPosted(data.data);
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
      {props.parentId ? null : (
        <button type="button" class="link-button" aria-expanded={showOptions} onClick={toggleOptions}>
          {showOptions ? 'Fewer options' : 'More options: organization, images and video, schedule, networks, AI'}
        </button>
      )}
      {showOptions && Options ? <Options key={round} content={content} setContent={setContent} lengths={measure} onChange={setExtra} /> : null}
      <ErrorLine text={error} />
      <p role="status" class="hint">
        {said}
      </p>
      <button type="submit" disabled={sending || blocked}>
        {props.parentId ? 'Reply' : showOptions && extra.body.scheduledAt ? 'Schedule' : 'Post'}
      </button>
    </form>
  );
}
