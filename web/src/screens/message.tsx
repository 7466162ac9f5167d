import { useEffect, useState } from 'preact/hooks';
import { api, type Message } from '../api';
import Composer from '../components/composer';
import { CrossPosts } from '../components/cross-posts';
import { MessageCard } from '../components/message-card';
import { messagesNoun, SelectionBar, useCanMaterialize, useSelection } from '../components/selection';
import { useTitle } from '../components/title';
import { navigate } from '../router';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import NotFound from './not-found';

// `/messages/<id>`: the message, the message it replies to, its replies, and the reply composer.

export default function MessageScreen({ param }: ScreenProps) {
  const user = useSession();
  const [message, setMessage] = useState<Message | null | 'missing'>(null);
  const [replies, setReplies] = useState<Message[]>([]);
  const selection = useSelection();
  const canMaterialize = useCanMaterialize();
  const picked = canMaterialize ? selection : undefined;
  useTitle(message && message !== 'missing' ? `${message.user.displayName}: ${message.content.slice(0, 60)}` : 'Message');
  useEffect(() => {
    setMessage(null);
    void Promise.all([
      api.GET('/api/messages/{id}', { params: { path: { id: param } } }),
      api.GET('/api/messages/{id}/replies', { params: { path: { id: param }, query: { limit: 100 } } }),
    ]).then(([one, many]) => {
      setMessage(one.data ?? 'missing');
      setReplies(many.data ?? []);
    });
  }, [param, user?.id]);
  if (message === 'missing') return <NotFound />;
  if (!message) return <h1 tabIndex={-1}>Message</h1>;
  return (
    <>
      <h1 tabIndex={-1}>Message by {message.user.displayName}</h1>
      {message.parentId ? (
        <p>
          In reply to <a href={`/messages/${message.parentId}`}>an earlier message</a>.
        </p>
      ) : null}
      <MessageCard key={message.id} message={message} onDeleted={() => navigate('/', { replace: true })} selection={picked} />
      {user?.id === message.user.id ? <CrossPosts messageId={message.id} /> : null}
      <section aria-labelledby="replies-heading">
        <h2 id="replies-heading">Replies</h2>
        {replies.length === 0 ? <p>No replies yet.</p> : null}
        {replies.map((r) => (
          <MessageCard key={r.id} message={r} headingLevel={3} onDeleted={(id) => setReplies(replies.filter((x) => x.id !== id))} selection={picked} />
        ))}
      </section>
      {canMaterialize ? <SelectionBar selection={selection} noun={messagesNoun} source={(messageIds) => ({ kind: 'messages', messageIds })} attributes="messages" title="Saved thread" /> : null}
      {user ? (
        <section id="reply" aria-label="Write a reply">
          <Composer parentId={message.id} onPosted={(r) => setReplies([...replies, r])} />
        </section>
      ) : (
        <p>
          <a href="/login">Sign in</a> to reply.
        </p>
      )}
    </>
  );
}
