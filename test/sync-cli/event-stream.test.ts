import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { followEvents, sseEvents, StreamUnauthorized, type StreamEvent } from '../../src/cli/sync/event-stream.js';

// The sync client's reader of the event stream, against a loopback server that plays the
// service's stream: what it sends, how it drops, and how it refuses.

type Answer = (req: IncomingMessage, res: ServerResponse, attempt: number) => void;

let server: Server | null = null;

async function standIn(answer: Answer): Promise<{ base: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  server = createServer((req, res) => {
    requests.push(req);
    answer(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

afterEach(async () => {
  const closing = server;
  server = null;
  if (!closing) return;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
});

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });

function streamOf(text: string, cut: number[] = []): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cut, bytes.length];
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i + 1 < bounds.length; i++) controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      controller.close();
    },
  });
}

async function parse(stream: ReadableStream<Uint8Array>): Promise<{ events: StreamEvent[]; retries: number[] }> {
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  for await (const e of sseEvents(stream, (ms) => retries.push(ms))) events.push(e);
  return { events, retries };
}

describe('the event-stream format', () => {
  it('reads events, ids, multi-line data, comments and the retry line, in any chunking and line ending', async () => {
    const text = 'retry: 2500\n\nevent: ready\ndata: {"seq":0}\n\n: hb\n\nevent: document.created\nid: 7\ndata: {"a":\ndata: 1}\n\n';
    const expected = [
      { type: 'ready', id: null, data: '{"seq":0}' },
      { type: 'document.created', id: '7', data: '{"a":\n1}' },
    ];
    for (const variant of [text, text.replace(/\n/g, '\r\n')]) {
      const whole = await parse(streamOf(variant));
      expect(whole).toEqual({ events: expected, retries: [2500] });
      // Cut at every byte: a CRLF split across chunks is one line break, not two.
      const bytes = new TextEncoder().encode(variant).length;
      const cut = await parse(streamOf(variant, Array.from({ length: bytes - 1 }, (_, i) => i + 1)));
      expect(cut).toEqual({ events: expected, retries: [2500] });
    }
  });

  it('keeps the last id for the events after it, and ignores an event without data', async () => {
    const { events } = await parse(streamOf('id: 3\nevent: x\n\nevent: a\ndata: 1\n\nevent: b\ndata: 2\n\n'));
    expect(events).toEqual([
      { type: 'a', id: '3', data: '1' },
      { type: 'b', id: '3', data: '2' },
    ]);
  });
});

describe('following the stream', () => {
  it('sends the token and Accept, and after a drop resumes from the last event id it saw', async () => {
    const seen: StreamEvent[] = [];
    const stop = new AbortController();
    const { base, requests } = await standIn((req, res, attempt) => {
      sse(res);
      if (attempt === 1) res.end('retry: 20\n\nevent: ready\ndata: {}\n\nevent: document.updated\nid: 3\ndata: {"documentId":"d"}\n\n');
      else res.write('event: document.deleted\nid: 4\ndata: {}\n\n');
    });
    const onEvent = (e: StreamEvent) => {
      seen.push(e);
      if (e.id === '4') stop.abort();
    };
    await followEvents({ server: base, token: 'tok', signal: stop.signal, onEvent });
    expect(requests).toHaveLength(2);
    expect(requests[0].headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    expect(requests[0].headers['last-event-id']).toBeUndefined();
    expect(requests[1].headers['last-event-id']).toBe('3');
    expect(seen.map((e) => e.type)).toEqual(['ready', 'document.updated', 'document.deleted']);
  });

  it("waits as a 429's Retry-After says before trying again", async () => {
    const stop = new AbortController();
    const times: number[] = [];
    const { base } = await standIn((_req, res, attempt) => {
      times.push(Date.now());
      if (attempt === 1) res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{"error":"too many","code":"too_many_streams"}');
      else {
        sse(res);
        res.write('event: ready\ndata: {}\n\n');
      }
    });
    await followEvents({ server: base, token: 'tok', signal: stop.signal, retryMs: 10, onEvent: () => stop.abort() });
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
  });

  it('ends with StreamUnauthorized when the login is refused, and says why each drop happened', async () => {
    const drops: string[] = [];
    const { base } = await standIn((_req, res, attempt) => {
      if (attempt === 1) res.writeHead(503).end();
      else res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Authentication required"}');
    });
    const following = followEvents({ server: base, token: 'tok', signal: new AbortController().signal, retryMs: 10, onEvent: () => undefined, onDrop: (r) => drops.push(r) });
    await expect(following).rejects.toBeInstanceOf(StreamUnauthorized);
    expect(drops).toEqual(['the event stream answered HTTP 503']);
  });

  it('stops at once when aborted while waiting to reconnect', async () => {
    const stop = new AbortController();
    const { base } = await standIn((_req, res) => res.writeHead(503).end());
    const started = Date.now();
    const following = followEvents({ server: base, token: 'tok', signal: stop.signal, retryMs: 60_000, onEvent: () => undefined, onDrop: () => stop.abort() });
    await following;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
