import { useEffect, useState } from 'preact/hooks';
import { errorText, type Message } from '../api';
import { onLive } from '../live';
import { MessageCard } from './message-card';
import { ErrorLine } from './error-line';
import type { Selection } from './selection';

// A paged list of messages: the first page, "Show more" for the next, and (when `live`) new
// messages at the top as they come, announced politely.

export type PageLoader = (offset: number) => Promise<{ messages: Message[]; hasMore: boolean } | { error: unknown }>;

export function Feed(props: { load: PageLoader; live?: boolean; empty: string; label: string; prepend?: Message | null; selection?: Selection }) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState('');
  const [announce, setAnnounce] = useState('');

  const first = async () => {
    const page = await props.load(0);
    if ('error' in page) return setError(errorText(page.error));
    setError('');
    setMessages((old) => {
      if (old) {
        const known = new Set(old.map((m) => m.id));
        const fresh = page.messages.filter((m) => !known.has(m.id));
        if (fresh.length) setAnnounce(`${fresh.length} new ${fresh.length === 1 ? 'message' : 'messages'}`);
        return [...fresh, ...old];
      }
      setHasMore(page.hasMore);
      return page.messages;
    });
  };
  useEffect(() => {
    setMessages(null);
    void first();
    return props.live ? onLive('timeline', first) : undefined;
  }, [props.load]);
  useEffect(() => {
    if (props.prepend) setMessages((old) => (old && !old.some((m) => m.id === props.prepend!.id) ? [props.prepend!, ...old] : old));
  }, [props.prepend]);

  const more = async () => {
    const page = await props.load(messages?.length ?? 0);
    if ('error' in page) return setError(errorText(page.error));
    setMessages([...(messages ?? []), ...page.messages.filter((m) => !messages?.some((o) => o.id === m.id))]);
    setHasMore(page.hasMore);
  };
  const removed = (id: string) => setMessages((old) => old?.filter((m) => m.id !== id) ?? null);
  const pushed = (m: Message) => setMessages((old) => [m, ...(old ?? [])]);

  return (
    <section aria-label={props.label}>
      <p class="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      <ErrorLine text={error} />
      {messages === null && !error ? <p class="loading">Loading messages…</p> : null}
      {messages?.length === 0 ? <p>{props.empty}</p> : null}
      {messages?.map((m) => <MessageCard key={m.id} message={m} onDeleted={removed} onPushed={pushed} selection={props.selection} />)}
      {hasMore ? (
        <button type="button" onClick={more}>
          Show more
        </button>
      ) : null}
    </section>
  );
}

export { FEED_PAGE } from '../feed-page';
