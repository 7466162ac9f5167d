import type { IncomingMessage } from 'node:http';

// An answer sent before the request's body has been read (413 on a body over the limit) makes
// Node close the connection as soon as the answer is written; the unread bytes still arriving
// then make the kernel reset it, and a client still sending (Node's own fetch, undici) fails with
// EPIPE or ECONNRESET instead of reading the 413. So, like a web server's "lingering close", the
// rest of the body is read and thrown away first, up to a bound, and the answer goes after it.

/** Bytes and time spent discarding an unread body before answering anyway. */
export const DRAIN_LIMITS = { maxBytes: 64 * 1024 * 1024, maxMs: 10_000 };

/**
 * Whether bytes of the body may still be on their way: not for a message the parser has seen to
 * its end (`complete`: a body read, or none at all), nor for a stream already ended or destroyed
 * (in-process requests, which have no `complete`, end when their body has been read).
 */
export function hasUnreadBody(raw: IncomingMessage): boolean {
  return !(raw.complete || raw.readableEnded || raw.destroyed);
}

/**
 * Reads and discards what is left of `raw`'s body; resolves once it has all arrived, or when
 * `limits` are reached (the answer then goes anyway), or at once when it was already complete.
 */
export function discardUnreadBody(raw: IncomingMessage, limits = DRAIN_LIMITS): Promise<void> {
  if (!hasUnreadBody(raw)) return Promise.resolve();
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
