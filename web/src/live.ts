// What changes while a page is open, behind one small interface: a screen says which topic it
// shows and gets called when that topic may have changed. For now a poll (every POLL_MS while the
// page is visible, and at once when it becomes visible again); the events stream
// (GET /api/events/stream) replaces the poll here without touching a screen.

export type LiveTopic = 'timeline' | 'notifications';

const POLL_MS = 5000;
const subscribers = new Map<LiveTopic, Set<() => void>>();
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  if (document.visibilityState !== 'visible') return;
  for (const set of subscribers.values()) for (const fn of set) fn();
}

/** Calls `fn` whenever `topic` may have changed; answers the function that stops it. */
export function onLive(topic: LiveTopic, fn: () => void): () => void {
  let set = subscribers.get(topic);
  if (!set) subscribers.set(topic, (set = new Set()));
  set.add(fn);
  if (!timer) {
    timer = setInterval(tick, POLL_MS);
    document.addEventListener('visibilitychange', tick);
  }
  return () => {
    set.delete(fn);
    if ([...subscribers.values()].every((s) => s.size === 0)) {
      clearInterval(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', tick);
    }
  };
}

/** Tells the subscribers of `topic` at once that it changed here (the page itself changed it). */
export function changed(topic: LiveTopic): void {
  for (const fn of subscribers.get(topic) ?? []) fn();
}
