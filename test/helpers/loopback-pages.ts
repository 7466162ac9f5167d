import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';

// A web server on a loopback address for tests of server-side fetches (the guarded fetcher, the
// AI feature's research URLs). Bind it on 127.0.0.2 and list that address in
// ALLOWED_PRIVATE_ADDRESSES: it stands in for a public site. One on 127.0.0.1, left unlisted,
// stands in for the service's own network, and its `hits` prove that a refused fetch never
// reached it.

export interface PageHit {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The TLS server name the client sent (https only). */
  servername: string | null;
}

export type PageHandler = (req: http.IncomingMessage, res: http.ServerResponse, hit: PageHit) => void;

export class LoopbackPages {
  readonly hits: PageHit[] = [];
  private readonly server: http.Server;

  constructor(
    private readonly host: string,
    routes: Record<string, PageHandler>,
    tls?: { key: string; cert: string },
  ) {
    const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        const hit = {
          method: req.method ?? 'GET',
          path,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          servername: (req.socket as TLSSocket).servername || null,
        };
        this.hits.push(hit);
        const route = routes[path];
        if (route) route(req, res, hit);
        else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      });
    };
    this.server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, this.host, () => resolve());
    });
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** `http://<host>:<port><path>` (or https), with another host name when given. */
  url(path: string, hostname = this.host): string {
    const scheme = this.server instanceof https.Server ? 'https' : 'http';
    return `${scheme}://${hostname}:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A self-signed certificate for the given DNS names (openssl, as the push stand-ins use). */
export function certificateFor(...names: string[]): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'loopback-pages-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
