import { request, type IncomingMessage } from 'node:http';

// A Server-Sent Events reader over real HTTP (the live stream needs a real socket): frames as
// they arrive, comments included, and a way to wait for one.

export interface Frame {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  frames: Frame[];
  /** The body of a non-200 answer. */
  body: string;
  /** Resolves with the first frame (from the start) matching `test`. */
  next(test: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
  response: IncomingMessage;
}

export function openSse(base: string, path: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const frames: Frame[] = [];
      const waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
      let buffer = '';
      let body = '';
      res.setEncoding('utf8');
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      res.on('data', (chunk: string) => {
        if (res.statusCode !== 200) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else {
              const i = line.indexOf(':');
              const key = line.slice(0, i) as keyof Frame;
              frame[key] = line.slice(i + 1).replace(/^ /, '');
            }
          }
          frames.push(frame);
          for (const w of [...waiters]) {
            if (!w.test(frame)) continue;
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(frame);
          }
        }
      });
      const client: SseClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        frames,
        get body() {
          return body;
        },
        next: (test, timeoutMs = 5000) => {
          const found = frames.find(test);
          if (found) return Promise.resolve(found);
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
            waiters.push({ test, resolve: (f) => (clearTimeout(timer), ok(f)) });
          });
        },
        ended,
        close: () => req.destroy(),
        response: res,
      };
      if (res.statusCode === 200) resolve(client);
      else res.on('end', () => resolve(client));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Parses the `data:` of an event frame. */
export const dataOf = (f: Frame) => JSON.parse(f.data ?? 'null') as Record<string, any>;
