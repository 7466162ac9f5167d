import type { IncomingMessage } from 'node:http';

// An answer sent before the request's body has been read (413 on a body over the limit) makes
// Node close the connection as soon as the answer is written; the unread bytes still arriving
// then make the kernel reset it, and a client still sending (Node's own fetch, undici) fails with
// EPIPE or ECONNRESET instead of reading the 413. So, like a web server's "lingering close", the
// rest of the body is read and thrown away first, up to a bound, and the answer goes after it.

/** Bytes and time spent discarding an unread body before answering anyway. */
export const DRAIN_LIMITS = { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 };

/**
 * Whether the whole body has been read. `complete` alone is not enough: an in-process request
 * (`app.inject`) never sets it, and waiting for an 'end' that was already emitted (a body a
 * parser read) would hold every error answer for `DRAIN_LIMITS.maxMs`.
 */
export function bodyFullyRead(raw: IncomingMessage): boolean {
  return raw.complete || raw.readableEnded || raw.destroyed;
}

/**
 * Reads and discards what is left of `raw`'s body; resolves once it has all arrived, or when
 * `limits` are reached (the answer then goes anyway), or at once when it was already read.
 */
export function discardUnreadBody(raw: IncomingMessage, limits = DRAIN_LIMITS): Promise<void> {
  if (bodyFullyRead(raw)) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      seen += chunk.length;
      if (seen > limits.maxBytes) finish();
    };
    const timer = setTimeout(finish, limits.maxMs);
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}
