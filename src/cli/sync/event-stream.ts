// The sync client's reader of the service's live event stream (`GET /api/events/stream`, Server-Sent
// Events): it resumes from the last event id it saw after a dropped connection, waits as the
// server's `retry:` line or a 429's Retry-After says, and gives up only when the login is refused.
// Written on fetch rather than an EventSource, because the stream is authorized by a Bearer header
// and its refusals (401, 429 with Retry-After) must be told apart, which an EventSource hides.

export interface StreamEvent {
  type: string;
  id: string | null;
  data: string;
}

export interface StreamOptions {
  server: string;
  token: string;
  /** Called for every event, `ready` and `resync` included. */
  onEvent(event: StreamEvent): void;
  /** Told of every (re)connection attempt's failure, to be reported. */
  onDrop?(reason: string): void;
  signal: AbortSignal;
  /** The first wait before reconnecting when the server named none (ms). */
  retryMs?: number;
}

/** The login behind the stream was refused: watching cannot go on without a new one. */
export class StreamUnauthorized extends Error {}

const MAX_BACKOFF_MS = 60_000;

/** Splits a byte stream into its events (the SSE line format: fields, then a blank line). */
export async function* sseEvents(body: ReadableStream<Uint8Array>, onRetry: (ms: number) => void): AsyncGenerator<StreamEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let event: StreamEvent = { type: 'message', id: null, data: '' };
  let data: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
      // A CR that ends the chunk may be the first half of a CRLF: wait for the next chunk.
      if (buffer[end] === '\r' && end === buffer.length - 1) break;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield { ...event, data: data.join('\n') };
        event = { type: 'message', id: event.id, data: '' };
        data = [];
        continue;
      }
      if (line.startsWith(':')) continue; // a comment: the heartbeat
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event.type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') event.id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
    }
  }
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Follows the stream until `signal` aborts; throws StreamUnauthorized when the login is refused. */
export async function followEvents(options: StreamOptions): Promise<void> {
  let lastId: string | null = null;
  let retryMs = options.retryMs ?? 3_000;
  let failures = 0;
  while (!options.signal.aborted) {
    let retryAfterMs: number | null = null;
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', authorization: `Bearer ${options.token}`, 'user-agent': 'social-lists-sync' };
      if (lastId !== null) headers['last-event-id'] = lastId;
      const res = await fetch(`${options.server}/api/events/stream`, { headers, signal: options.signal });
      if (res.status === 401) throw new StreamUnauthorized('Your login is no longer valid: run "social-lists-sync login" again.');
      if (res.status !== 200 || !res.body) {
        const after = Number(res.headers.get('retry-after'));
        if (Number.isFinite(after) && after > 0) retryAfterMs = after * 1000;
        await res.body?.cancel();
        throw new Error(`the event stream answered HTTP ${res.status}`);
      }
      for await (const event of sseEvents(res.body, (ms) => (retryMs = ms))) {
        failures = 0;
        if (event.id !== null) lastId = event.id;
        options.onEvent(event);
      }
      options.onDrop?.('the event stream ended');
    } catch (err) {
      if (err instanceof StreamUnauthorized) throw err;
      if (options.signal.aborted) return;
      failures++;
      options.onDrop?.((err as Error).message);
    }
    // A stream the server ended (its time cap) is taken up again after the server's retry time;
    // failures in a row back off from it.
    await pause(Math.min(retryAfterMs ?? retryMs * 2 ** Math.min(failures, 5), MAX_BACKOFF_MS), options.signal);
  }
}
