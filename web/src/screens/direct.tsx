import { useEffect, useId, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { ErrorLine } from '../components/error-line';
import { IMAGE_TYPES, mediaSrc, uploadMedia } from '../components/upload';
import { useTitle } from '../components/title';
import { onLive } from '../live';
import { navigate } from '../router';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import './direct.css';

// `/direct`: the viewer's conversations, the most recent first, with their unread counts, and a way
// to start one; `/direct/<username>`: one conversation (reading it marks it read), oldest at the
// top, a composer at the bottom, the viewer's own messages deletable. New messages come in while
// the page is open (the live timeline). Subscribers attach up to 4 images (the message image
// upload, which is theirs alone), each uploaded at once with its progress.

type DirectMessage = Schemas['DirectMessage'];
type Conversation = Schemas['Conversation'];
const MAX_DM_IMAGES = 4;
interface Attached {
  key: number;
  name: string;
  progress: number;
  url?: string;
  error?: string;
}
let nextKey = 0;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function DirectScreen({ param }: ScreenProps) {
  const user = useSession();
  useTitle(param ? `Messages with @${param}` : 'Direct messages');
  if (!user) {
    return (
      <>
        <h1 tabIndex={-1}>Direct messages</h1>
        <p>
          <a href="/login">Sign in</a> to read your direct messages.
        </p>
      </>
    );
  }
  return param ? <Thread username={param} /> : <Conversations />;
}

function Conversations() {
  const id = useId();
  const [conversations, setConversations] = useState<Conversation[] | null>(null);
  const [error, setError] = useState('');
  const [to, setTo] = useState('');
  useEffect(() => {
    const load = async () => {
      const { data, error: failure } = await api.GET('/api/direct-messages', { params: { query: { limit: 50 } } });
      if (data) setConversations(data.conversations);
      else setError(errorText(failure));
    };
    void load();
    return onLive('direct', load);
  }, []);
  return (
    <>
      <h1 tabIndex={-1}>Direct messages</h1>
      <form
        class="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (to.trim()) navigate(`/direct/${encodeURIComponent(to.trim().replace(/^@/, ''))}`);
        }}
      >
        <label for={`${id}-to`}>Write to (username)</label>
        <input id={`${id}-to`} value={to} onInput={(e) => setTo(e.currentTarget.value)} autoComplete="off" />
        <button type="submit">Open the conversation</button>
      </form>
      <ErrorLine text={error} />
      {conversations === null && !error ? <p class="loading">Loading conversations…</p> : null}
      {conversations?.length === 0 ? <p>No conversations yet.</p> : null}
      <ul class="conversations" aria-label="Conversations">
        {conversations?.map((c) => (
          <li key={c.user.id}>
            <a href={`/direct/${encodeURIComponent(c.user.username)}`}>
              {c.user.displayName} <span class="handle">@{c.user.username}</span>
            </a>
            {c.unreadCount ? <span class="badge">{c.unreadCount}<span class="visually-hidden"> unread</span></span> : null}
            <p class="meta">
              {c.lastMessage.content} · <time dateTime={c.lastMessage.createdAt}>{when(c.lastMessage.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function Thread({ username }: { username: string }) {
  const user = useSession();
  const id = useId();
  const [messages, setMessages] = useState<DirectMessage[] | null>(null);
  const [error, setError] = useState('');
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [images, setImages] = useState<Attached[]>([]);
  const subscriber = !!user?.customerStatus.startsWith('subscriber');
  useEffect(() => {
    setMessages(null);
    const load = async () => {
      const { data, error: failure } = await api.GET('/api/direct-messages/{target}', { params: { path: { target: username }, query: { limit: 50 } } });
      // Newest first from the API; a conversation reads oldest first.
      if (data) setMessages([...data.messages].reverse());
      else setError(errorText(failure));
    };
    void load();
    return onLive('direct', load);
  }, [username]);
  const send = async (event: Event) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError('');
    const imageUrls = images.filter((i) => i.url).map((i) => i.url!);
    const { data, error: failure } = await api.POST('/api/direct-messages', { body: { recipient: username, content, ...(imageUrls.length ? { imageUrls } : {}) } });
    setSending(false);
    if (!data) return setError(errorText(failure));
    setContent('');
    setImages([]);
    setMessages((old) => [...(old ?? []), data.directMessage]);
  };
  const attach = (files: FileList | null) => {
    setError('');
    const added: Attached[] = [];
    for (const file of Array.from(files ?? [])) {
      if (!IMAGE_TYPES.includes(file.type)) {
        setError(`${file.name} is not an image (JPEG, PNG, WebP, GIF).`);
        continue;
      }
      if (images.length + added.length >= MAX_DM_IMAGES) {
        setError(`A direct message takes at most ${MAX_DM_IMAGES} images.`);
        break;
      }
      const key = nextKey++;
      added.push({ key, name: file.name, progress: 0 });
      const update = (change: Partial<Attached>) => setImages((old) => old.map((i) => (i.key === key ? { ...i, ...change } : i)));
      void uploadMedia(file, 'images', (progress) => update({ progress })).then((r) => update({ progress: 1, ...('url' in r ? { url: r.url } : { error: r.error }) }));
    }
    setImages((old) => [...old, ...added]);
  };
  const uploading = images.some((i) => !i.url && !i.error);
  const remove = async (m: DirectMessage) => {
    setError('');
    const { response, error: failure } = await api.DELETE('/api/direct-messages/{target}', { params: { path: { target: m.id } } });
    if (!response.ok) return setError(errorText(failure));
    setMessages((old) => old?.filter((o) => o.id !== m.id) ?? null);
  };
  return (
    <>
      <h1 tabIndex={-1}>Messages with @{username}</h1>
      <p>
        <a href="/direct">All conversations</a>
      </p>
      {messages === null && !error ? <p class="loading">Loading messages…</p> : null}
      {messages?.length === 0 ? <p>No messages yet: write the first.</p> : null}
      <ol class="dm-thread" aria-label={`Conversation with @${username}`}>
        {messages?.map((m) => {
          const mine = m.sender.id === user?.id;
          return (
            <li key={m.id} class={mine ? 'mine' : 'theirs'}>
              <p class="meta">
                {mine ? 'You' : m.sender.displayName} · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              </p>
              <p class="content">{m.content}</p>
              {m.imageUrls.map((url, i) => (
                <img key={url} class="dm-image" src={mediaSrc(url)} loading="lazy" alt={`Image ${i + 1} of ${m.imageUrls.length} sent by ${mine ? 'you' : `@${m.sender.username}`}`} />
              ))}
              {mine ? (
                <button type="button" onClick={() => remove(m)}>
                  Delete<span class="visually-hidden"> your message “{m.content.slice(0, 30)}”</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      <form class="composer" onSubmit={send} aria-label={`Write to @${username}`}>
        <label for={`${id}-text`}>Your message to @{username}</label>
        <textarea id={`${id}-text`} rows={3} maxLength={5000} required value={content} onInput={(e) => setContent(e.currentTarget.value)} />
        {subscriber ? (
          <>
            <label for={`${id}-images`}>Attach images (up to {MAX_DM_IMAGES})</label>
            <input id={`${id}-images`} type="file" multiple accept={IMAGE_TYPES.join(',')} onChange={(e) => {
              attach(e.currentTarget.files);
              e.currentTarget.value = '';
            }} />
            {images.length ? (
              <ul class="dm-attachments" aria-label="Attached images">
                {images.map((i) => (
                  <li key={i.key}>
                    {i.url ? <img src={mediaSrc(i.url)} alt={`Preview of ${i.name}`} /> : null}
                    <span>{i.name}</span>
                    {i.error ? <span class="error">{i.error}</span> : i.url ? <span>uploaded</span> : <progress max={1} value={i.progress} aria-label={`Uploading ${i.name}`} />}
                    <button type="button" onClick={() => setImages((all) => all.filter((o) => o.key !== i.key))}>
                      Remove<span class="visually-hidden"> {i.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
        <ErrorLine text={error} />
        <button type="submit" disabled={sending || uploading}>
          Send
        </button>
      </form>
    </>
  );
}
