import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Message } from '../api';
import { localInput, slotOf } from '../components/slots';
import { ErrorLine } from '../components/error-line';
import { useTitle } from '../components/title';
import { useSession } from '../session';
import '../components/social.css';

// `/scheduled`: the viewer's messages waiting to be published (today, this week or this month, as
// the API pages them), each moved to another 5-minute slot or cancelled (deleted, asked twice).

type Range = 'today' | 'week' | 'month';
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function ScheduledScreen() {
  const user = useSession();
  const id = useId();
  useTitle('Scheduled messages');
  const [range, setRange] = useState<Range>('month');
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [error, setError] = useState('');
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!user) return;
    setMessages(null);
    void api.GET('/api/messages/scheduled', { params: { query: { range } } }).then(({ data, error: failure }) => (data ? setMessages(data.messages) : setError(errorText(failure))));
  }, [user?.id, range]);
  if (!user) {
    return (
      <>
        <h1 tabIndex={-1}>Scheduled messages</h1>
        <p>
          <a href="/login">Sign in</a> to see your scheduled messages.
        </p>
      </>
    );
  }
  const moved = (m: Message) => {
    setMessages((old) => old?.map((o) => (o.id === m.id ? m : o)).sort((a, b) => (a.scheduledAt ?? '').localeCompare(b.scheduledAt ?? '')) ?? null);
    setSaid(`Moved to ${when(m.scheduledAt!)}.`);
  };
  const cancelled = (m: Message) => {
    setMessages((old) => old?.filter((o) => o.id !== m.id) ?? null);
    setSaid('Cancelled: the message will not be published.');
  };
  return (
    <>
      <h1 tabIndex={-1}>Scheduled messages</h1>
      <label for={`${id}-range`}>Show</label>
      <select id={`${id}-range`} value={range} onChange={(e) => setRange(e.currentTarget.value as Range)}>
        <option value="today">Today</option>
        <option value="week">This week</option>
        <option value="month">This month</option>
      </select>
      <p role="status">{said}</p>
      <ErrorLine text={error} />
      {messages === null && !error ? <p class="loading">Loading scheduled messages…</p> : null}
      {messages?.length === 0 ? <p>Nothing scheduled {range === 'today' ? 'today' : range === 'week' ? 'this week' : 'this month'}.</p> : null}
      {messages?.length ? (
        <ul class="rows" aria-label="Scheduled messages">
          {messages.map((m) => (
            <ScheduledItem key={m.id} message={m} onMoved={moved} onCancelled={cancelled} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ScheduledItem(props: { message: Message; onMoved: (m: Message) => void; onCancelled: (m: Message) => void }) {
  const { message } = props;
  const id = useId();
  const [at, setAt] = useState(localInput(new Date(message.scheduledAt!)));
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const label = message.content.length > 40 ? `${message.content.slice(0, 40)}…` : message.content;
  const path = { params: { path: { id: message.id } } };
  const move = async (event: Event) => {
    event.preventDefault();
    setError('');
    const target = new Date(at);
    if (Number.isNaN(target.getTime()) || slotOf(target).getTime() <= Date.now()) return setError('Choose a time in the future.');
    const { data, error: failure } = await api.PATCH('/api/messages/{id}', { ...path, body: { scheduledAt: target.toISOString() } });
    if (!data) return setError(errorText(failure));
    props.onMoved(data.data);
  };
  const cancel = async () => {
    setError('');
    const { response, error: failure } = await api.DELETE('/api/messages/{id}', path);
    if (!response.ok) return setError(errorText(failure));
    props.onCancelled(message);
  };
  return (
    <li>
      <div>
        <p class="content">{message.content}</p>
        <p class="meta">
          Publishes at <time dateTime={message.scheduledAt!}>{when(message.scheduledAt!)}</time>
          {message.org ? ` · in ${message.org.name}` : ''}
          {message.imageUrls.length ? ` · ${message.imageUrls.length} image(s)` : ''}
        </p>
        <ErrorLine text={error} />
      </div>
      <form class="row-actions" onSubmit={move} aria-label={`Move “${label}”`}>
        <label for={`${id}-at`} class="visually-hidden">
          New time for “{label}”
        </label>
        <input id={`${id}-at`} type="datetime-local" value={at} onInput={(e) => setAt(e.currentTarget.value)} />
        <button type="submit">Move</button>
        {confirming ? (
          <>
            <button type="button" class="danger" onClick={cancel}>
              Cancel for good
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Cancel<span class="visually-hidden"> “{label}”</span>
          </button>
        )}
      </form>
    </li>
  );
}
