import http from 'node:http';
import type { AddressInfo } from 'node:net';

// The shared machinery of the networks' posting stand-ins (network-*-posts.ts): a loopback HTTP
// server on 127.0.0.2 (listed in ALLOWED_PRIVATE_ADDRESSES by the tests, so the SSRF guard stays
// on) that checks the Bearer token of every non-public route, records every request, and can be
// told to fail an operation: a status once or always (500, 503, 429 with Retry-After, 401), a
// connection dropped after the request was carried out, or a slow answer.

export interface Hit {
  method: string;
  /** The path and query. */
  url: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The operation the route carried out (post, media, delete...), null for an unknown route. */
  op: string | null;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
}

export type Failure =
  | { status: number; headers?: Record<string, string>; json?: unknown }
  /** Carries the request out, then drops the connection without answering. */
  | { drop: true }
  /** Answers normally after a while. */
  | { delayMs: number };

export interface Route {
  op: string;
  method: string;
  pattern: RegExp;
  /** Needs no token (an instance's public metadata). */
  public?: boolean;
  handle(hit: Hit, match: RegExpExecArray): Answer | Promise<Answer>;
}

export abstract class PostsStandIn {
  readonly hits: Hit[] = [];
  /** Access tokens the stand-in takes; any other Bearer is answered 401. */
  readonly tokens = new Set<string>();
  private readonly failures: { op: string; failure: Failure; times: number }[] = [];
  private readonly server: http.Server;
  private readonly open = new Set<http.ServerResponse>();

  constructor(private readonly host = '127.0.0.2') {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.serve(req, res, Buffer.concat(chunks)));
    });
  }

  protected abstract routes(): Route[];

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, this.host, () => resolve());
    });
    return this;
  }

  get url(): string {
    return `http://${this.host}:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next `times` requests of `op` fail so (Infinity: always). */
  fail(op: string, failure: Failure, times = 1): this {
    this.failures.push({ op, failure, times });
    return this;
  }

  clearFailures(): void {
    this.failures.length = 0;
  }

  hitsOf(op: string): Hit[] {
    return this.hits.filter((h) => h.op === op);
  }

  async stop(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private takeFailure(op: string): Failure | null {
    const i = this.failures.findIndex((f) => f.op === op);
    if (i < 0) return null;
    const entry = this.failures[i];
    entry.times -= 1;
    if (entry.times <= 0) this.failures.splice(i, 1);
    return entry.failure;
  }

  private async serve(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    const method = req.method ?? 'GET';
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of this.routes()) {
      match = r.method === method ? r.pattern.exec(url) : null;
      if (match) {
        route = r;
        break;
      }
    }
    const hit: Hit = { method, url, path, headers: req.headers, body, op: route?.op ?? null };
    this.hits.push(hit);
    if (!route || !match) return this.send(res, { status: 404, json: { error: 'Record not found' } });
    if (!route.public) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !this.tokens.has(token)) return this.send(res, { status: 401, json: { error: 'The access token is invalid' } });
    }
    const failure = this.takeFailure(route.op);
    if (failure && 'status' in failure) return this.send(res, { status: failure.status, headers: failure.headers, json: failure.json ?? { error: `failing on purpose (${failure.status})` } });
    if (failure && 'delayMs' in failure) {
      this.open.add(res);
      await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      this.open.delete(res);
      if (res.destroyed) return;
    }
    let answer: Answer;
    try {
      answer = await route.handle(hit, match);
    } catch (err) {
      answer = { status: 500, json: { error: (err as Error).message } };
    }
    // Carried out, but the answer never arrives.
    if (failure && 'drop' in failure) return void req.socket.destroy();
    this.send(res, answer);
  }

  private send(res: http.ServerResponse, answer: Answer): void {
    const headers: Record<string, string> = { ...(answer.json !== undefined ? { 'content-type': 'application/json' } : {}), ...answer.headers };
    res.writeHead(answer.status, headers).end(answer.json !== undefined ? JSON.stringify(answer.json) : undefined);
  }
}

/** The fields and files of a multipart/form-data body (enough for the stand-ins' checks). */
export function formParts(hit: Hit): Map<string, { filename: string | null; contentType: string | null; data: Buffer }> {
  const boundary = /boundary=(.+)$/.exec(String(hit.headers['content-type'] ?? ''))?.[1];
  const parts = new Map<string, { filename: string | null; contentType: string | null; data: Buffer }>();
  if (!boundary) return parts;
  const raw = hit.body.toString('latin1');
  for (const chunk of raw.split(`--${boundary}`).slice(1, -1)) {
    const end = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(0, end);
    const data = Buffer.from(chunk.slice(end + 4, -2), 'latin1');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    if (name) parts.set(name, { filename: /filename="([^"]*)"/.exec(head)?.[1] ?? null, contentType: /Content-Type: (.+)/i.exec(head)?.[1]?.trim() ?? null, data });
  }
  return parts;
}

export function jsonOf(hit: Hit): any {
  return JSON.parse(hit.body.toString('utf8'));
}
