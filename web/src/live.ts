import { EVENT_TYPES } from '../../src/features/events/types';
import { onSessionChange, sessionUser } from './session';

// What changes while a page is open, behind one small interface: a screen says which topic it
// shows and gets called when that topic may have changed. Signed in, the events stream
// (GET /api/events/stream, CONTRACT.md "Events") says when: each event names its topics, and a
// `resync` (events were missed) tells every topic. Signed out, or when the stream is refused
// (over the per-user cap, say), a poll every POLL_MS while the page is visible stands in, and the
// stream is tried again after RETRY_STREAM_MS. The browser's EventSource reconnects by itself
// with Last-Event-ID, so a dropped connection or the server's 30-minute end loses nothing.

export type LiveTopic = 'timeline' | 'notifications' | 'lists' | 'documents' | 'direct' | `list:${string}` | `list-info:${string}` | `document:${string}` | `shared:${string}`;

/** Events that change a list itself (title, columns, who may read it), not only its rows. */
const LIST_INFO_TYPES: ReadonlySet<string> = new Set(['list.updated', 'list.deleted', 'share.granted', 'share.revoked']);

/**
 * Topics no event tells about, always polled: direct messages (they write none) and what a share
 * link opens (`shared:<token>`: its holder is no reader of the item's events).
 */
const polledOnly = (topic: LiveTopic) => topic === 'direct' || topic.startsWith('shared:');

const POLL_MS = 5000;
const RETRY_STREAM_MS = 60_000;
/** Events that come together (an import, a fan-out) call a topic's subscribers once. */
const COALESCE_MS = 150;


/** The topics an event of `type` with `data` may have changed. */
export function topicsOf(type: string, data: { listId?: unknown; documentId?: unknown }): LiveTopic[] {
  const topics: LiveTopic[] = [];
  if (type.startsWith('message.') || type.startsWith('timeline.')) topics.push('timeline');
  if (type === 'notification.created') topics.push('notifications');
  if (typeof data.listId === 'string') topics.push('lists', `list:${data.listId}`);
  if (typeof data.listId === 'string' && LIST_INFO_TYPES.has(type)) topics.push(`list-info:${data.listId}`);
  if (typeof data.documentId === 'string') topics.push('documents', `document:${data.documentId}`);
  if (type.startsWith('folder.')) topics.push('documents');
  return topics;
}

const subscribers = new Map<LiveTopic, Set<() => void>>();
let source: EventSource | null = null;
/** The stream is open: the poll then calls only the topics it does not carry. */
let streaming = false;
let pollTimer: ReturnType<typeof setInterval> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const pending = new Set<LiveTopic>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function call(topics: Iterable<LiveTopic>) {
  for (const topic of topics) for (const fn of subscribers.get(topic) ?? []) fn();
}

function tellSoon(topics: Iterable<LiveTopic>) {
  for (const t of topics) pending.add(t);
  flushTimer ??= setTimeout(() => {
    flushTimer = undefined;
    const now = [...pending];
    pending.clear();
    call(now);
  }, COALESCE_MS);
}

function tick() {
  if (document.visibilityState !== 'visible') return;
  call([...subscribers.keys()].filter((topic) => !streaming || polledOnly(topic)));
}

function anySubscriber(): boolean {
  return [...subscribers.values()].some((s) => s.size > 0);
}

function startPolling() {
  if (pollTimer) return;
  pollTimer = setInterval(tick, POLL_MS);
  document.addEventListener('visibilitychange', tick);
}

function stopPolling() {
  clearInterval(pollTimer);
  pollTimer = undefined;
  document.removeEventListener('visibilitychange', tick);
}

function closeStream() {
  source?.close();
  source = null;
  streaming = false;
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

function openStream() {
  const es = new EventSource('/api/events/stream');
  source = es;
  const onEvent = (e: MessageEvent<string>) => {
    try {
      const envelope = JSON.parse(e.data) as { type: string; data?: { listId?: unknown; documentId?: unknown } };
      tellSoon(topicsOf(envelope.type, envelope.data ?? {}));
    } catch {
      // A frame that is not an envelope names no topic; the stream goes on.
    }
  };
  for (const type of EVENT_TYPES) es.addEventListener(type, onEvent);
  // Events were missed (the cursor was too old or too far behind): every screen refetches.
  es.addEventListener('resync', () => tellSoon(subscribers.keys()));
  es.addEventListener('open', () => {
    if (source === es) streaming = true;
  });
  es.addEventListener('error', () => {
    // CONNECTING: the browser reconnects by itself, with Last-Event-ID. CLOSED: the server refused
    // (signed out meanwhile, too many streams); poll, and try the stream again later.
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    source = null;
    streaming = false;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect();
    }, RETRY_STREAM_MS);
  });
}

/** Listens the way the session allows: the stream signed in, the poll signed out. */
function connect() {
  closeStream();
  if (!anySubscriber()) {
    stopPolling();
    return;
  }
  // The poll runs throughout: for everything until the stream is open (so nothing is missed
  // meanwhile), then for the topics the stream does not carry.
  startPolling();
  if (sessionUser() && typeof EventSource === 'function') openStream();
}

// Another account signed in (or out): the stream is the session's, so it starts again.
onSessionChange(() => {
  if (anySubscriber()) connect();
});

/** Calls `fn` whenever `topic` may have changed; answers the function that stops it. */
export function onLive(topic: LiveTopic, fn: () => void): () => void {
  let set = subscribers.get(topic);
  if (!set) subscribers.set(topic, (set = new Set()));
  const first = !anySubscriber();
  set.add(fn);
  if (first) connect();
  return () => {
    set.delete(fn);
    if (!anySubscriber()) {
      closeStream();
      stopPolling();
    }
  };
}

/** Tells the subscribers of `topic` at once that it changed here (the page itself changed it). */
export function changed(topic: LiveTopic): void {
  call([topic]);
}
