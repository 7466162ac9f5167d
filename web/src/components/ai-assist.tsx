import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from './error-line';

// AI help in the composer, for subscribers: suggest (nothing written), preview, then use it: a
// rewritten text or a thread goes into the composer; a series of posts is generated into a list
// of scheduled posts, or scheduled at once. The day's quota is shown and updated by every answer.

type Artifact = Schemas['AiSuggestResult']['artifact'];
type Action = 'rewrite' | 'tighten' | 'expand' | 'grammar' | 'thread' | 'tags' | 'series';
const ACTIONS: [Action, string][] = [
  ['rewrite', 'Rewrite it'],
  ['tighten', 'Make it tighter'],
  ['expand', 'Expand it'],
  ['grammar', 'Fix the grammar'],
  ['thread', 'Split it into a thread'],
  ['tags', 'Suggest tags'],
  ['series', 'Plan a series of posts from it'],
];

export default function AiAssist(props: { content: string; setContent: (t: string) => void; channels: string[] }) {
  const id = useId();
  const [quota, setQuota] = useState<{ usedToday: number; dailyLimit: number } | null>(null);
  const [action, setAction] = useState<Action>('rewrite');
  const [artifact, setArtifact] = useState<Artifact | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  useEffect(() => {
    void api.GET('/api/ai/status').then(({ data }) => data && setQuota(data.quota));
  }, []);

  const suggest = async () => {
    setError('');
    setSaid('');
    setArtifact(null);
    if (!props.content.trim()) return setError('Write something first: the AI works from your text.');
    setBusy(true);
    const body =
      action === 'series'
        ? { feature: 'message_series' as const, input: props.content, context: { channels: props.channels } }
        : { feature: 'writing_assist' as const, input: props.content, context: { action, channels: props.channels } };
    const { data, error: failure } = await api.POST('/api/ai/suggest', { body });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    setQuota(data.quota);
    setArtifact(data.artifact);
  };
  const generate = async (scheduleImmediately: boolean) => {
    if (artifact?.kind !== 'message_series') return;
    setError('');
    setBusy(true);
    const { data, error: failure } = await api.POST('/api/ai/generate', { body: { feature: 'message_series', artifact, scheduleImmediately } });
    setBusy(false);
    if (!data) return setError(errorText(failure));
    setQuota(data.quota);
    setArtifact(null);
    const created = data.created as { listId?: string; scheduledMessageIds?: string[] };
    setSaid(created.scheduledMessageIds ? `Scheduled ${created.scheduledMessageIds.length} posts: see your scheduled messages.` : 'Saved as a list of scheduled posts.');
  };

  return (
    <fieldset class="ai-assist">
      <legend>Write with AI</legend>
      {quota ? (
        <p class="hint">
          {quota.usedToday} of {quota.dailyLimit} AI requests used in the last 24 hours.
        </p>
      ) : null}
      <label for={`${id}-action`}>What to do with your text</label>
      <select id={`${id}-action`} value={action} onChange={(e) => setAction(e.currentTarget.value as Action)}>
        {ACTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <button type="button" onClick={suggest} disabled={busy}>
        {busy ? 'Working…' : 'Suggest'}
      </button>
      <ErrorLine text={error} />
      <p role="status" class="hint">
        {said}
      </p>
      {artifact ? (
        <section class="preview" aria-label="AI suggestion">
          {artifact.kind === 'message' ? (
            <>
              <p class="content">{artifact.content}</p>
              <button type="button" onClick={() => (props.setContent(artifact.content), setArtifact(null))}>
                Use this text
              </button>
            </>
          ) : artifact.kind === 'thread' ? (
            <>
              <ol>
                {artifact.parts.map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ol>
              <button type="button" onClick={() => (props.setContent(artifact.parts[0] ?? ''), setArtifact(null))}>
                Use the first part
              </button>
            </>
          ) : artifact.kind === 'tags' ? (
            <p>Suggested tags: {artifact.tags.map((t) => `#${t}`).join(' ')}</p>
          ) : artifact.kind === 'message_series' ? (
            <>
              <ol>
                {artifact.items.map((item) => (
                  <li key={item.order}>{item.content}</li>
                ))}
              </ol>
              <button type="button" onClick={() => generate(false)} disabled={busy}>
                Save as a list of scheduled posts
              </button>
              <button type="button" onClick={() => generate(true)} disabled={busy}>
                Schedule them now
              </button>
            </>
          ) : null}
          <button type="button" onClick={() => setArtifact(null)}>
            Discard
          </button>
        </section>
      ) : null}
    </fieldset>
  );
}
