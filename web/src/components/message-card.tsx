import { useState } from 'preact/hooks';
import { api, errorText, type Message } from '../api';
import { useSession } from '../session';
import { ErrorLine } from './error-line';
import { ReportButton } from './report-dialog';
import type { Selection } from './selection';
import { mediaSrc } from './upload';
import { imageText, videoText } from '../../../src/lib/media-text';
import './message-card.css';

// One message in a feed or thread (its images and video, the organization it was posted to), with
// what the viewer may do to it: dig, push, reply (on its page), delete their own, report another's. Every action reports its failure beside the message, in words.

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function MessageCard(props: { message: Message; onDeleted?: (id: string) => void; onPushed?: (m: Message) => void; headingLevel?: 2 | 3; selection?: Selection }) {
  const user = useSession();
  const [message, setMessage] = useState(props.message);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const own = user?.id === message.user.id;
  const byline = `${message.user.displayName} (@${message.user.username})`;

  const toggleDig = async () => {
    setError('');
    const path = { params: { path: { id: message.id } } };
    const res = message.dugByMe ? await api.DELETE('/api/messages/{id}/dig', path) : await api.POST('/api/messages/{id}/dig', path);
    if (res.data) setMessage({ ...message, digCount: res.data.digCount, dugByMe: res.data.dugByMe });
    else setError(errorText(res.error));
  };
  const push = async () => {
    setError('');
    const { data, error: failure } = await api.POST('/api/messages', { body: { pushedMessageId: message.id } });
    if (data) props.onPushed?.(data.data);
    else setError(errorText(failure));
  };
  const remove = async () => {
    setError('');
    const { error: failure, response } = await api.DELETE('/api/messages/{id}', { params: { path: { id: message.id } } });
    if (response.ok) props.onDeleted?.(message.id);
    else setError(errorText(failure));
    setConfirming(false);
  };

  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article class="message" aria-label={`Message by ${byline}`}>
      <Heading class="byline">
        <a href={`/users/${encodeURIComponent(message.user.username)}`}>{message.user.displayName}</a>{' '}
        <span class="handle">@{message.user.username}</span>
      </Heading>
      {message.pushedMessage ? (
        <p class="pushed">
          Pushed from <a href={`/messages/${message.pushedMessage.id}`}>@{message.pushedMessage.user.username}</a>: {message.pushedMessage.content}
        </p>
      ) : null}
      {message.content ? <p class="content">{message.content}</p> : null}
      {message.imageUrls.length || message.videoUrls.length ? (
        <div class="media">
          {message.imageUrls.map((url, i) => (
            <img key={url} src={mediaSrc(url)} loading="lazy" alt={imageText(message, i)} />
          ))}
          {message.videoUrls.map((url, i) => (
            <video key={url} src={mediaSrc(url)} controls preload="metadata" aria-label={videoText(message, i)} />
          ))}
        </div>
      ) : null}
      {message.tags.length ? (
        <ul class="tags" aria-label="Tags">
          {message.tags.map((tag) => (
            <li key={tag}>
              <a href={`/tags/${encodeURIComponent(tag)}`}>#{tag}</a>
            </li>
          ))}
        </ul>
      ) : null}
      <p class="meta">
        <a href={`/messages/${message.id}`}>
          <time dateTime={message.createdAt}>{when(message.createdAt)}</time>
        </a>
        {message.org ? (
          <>
            {' · in '}
            <a href={`/orgs/${encodeURIComponent(message.org.slug)}`}>{message.org.name}</a>
          </>
        ) : null}
        {message.publiclyVisible ? '' : ' · followers only'} · {message.replyCount} {message.replyCount === 1 ? 'reply' : 'replies'}
      </p>
      {own && props.selection ? (
        <label class="check">
          <input type="checkbox" checked={props.selection.has(message.id)} onChange={(e) => props.selection!.set(message.id, e.currentTarget.checked)} /> Select
          <span class="visually-hidden"> your message “{message.content.slice(0, 40)}”</span> to materialize
        </label>
      ) : null}
      {user ? (
        <div class="actions">
          <button type="button" aria-pressed={message.dugByMe} onClick={toggleDig}>
            Dig ({message.digCount})
          </button>
          <a class="button" href={`/messages/${message.id}#reply`}>
            Reply
          </a>
          {message.publiclyVisible ? (
            <button type="button" onClick={push}>
              Push
            </button>
          ) : null}
          {own && !confirming ? (
            <button type="button" onClick={() => setConfirming(true)}>
              Delete
            </button>
          ) : null}
          {own ? null : <ReportButton target={{ kind: 'message', id: message.id }} what={`the message by @${message.user.username}`} />}
          {own && confirming ? (
            <>
              <button type="button" class="danger" onClick={remove}>
                Delete for good
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      <ErrorLine text={error} />
    </article>
  );
}
