import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

// Loopback stand-ins for APNs (HTTP/2 over TLS with a self-signed certificate) and for FCM HTTP v1
// and its OAuth2 token endpoint (plain HTTP). Each records what it received; a device token's
// prefix picks the answer: `gone…` (APNs 410 Unregistered / FCM 404 UNREGISTERED), `flaky…`
// (500 / 503 every time), `once…` (500 / 503 the first time, then 200), `busy…` (429 with
// Retry-After: 120), `held…` (no answer until release()), anything else 200.

export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'apns-standin-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** True the first time a `once…` token is seen (the stand-in fails that request only). */
function firstTime(seen: Set<string>, token: string): boolean {
  if (!token.startsWith('once') || seen.has(token)) return false;
  seen.add(token);
  return true;
}

export interface ApnsRequest {
  path: string;
  headers: Record<string, string>;
  body: any;
}

export class ApnsStandIn {
  readonly requests: ApnsRequest[] = [];
  readonly tls = selfSignedCertificate();
  readonly signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private server = http2.createSecureServer({ key: this.tls.key, cert: this.tls.cert });
  private held: (() => void)[] = [];
  private readonly seen = new Set<string>();
  url = '';

  async start(): Promise<void> {
    this.server.on('stream', (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const path = String(headers[':path']);
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(headers)) if (typeof v === 'string') flat[k] = v;
        this.requests.push({ path, headers: flat, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') });
        const token = decodeURIComponent(path.split('/').pop() ?? '');
        const answer = () => {
          if (stream.destroyed) return;
          if (token.startsWith('gone')) {
            stream.respond({ ':status': 410, 'content-type': 'application/json' });
            stream.end(JSON.stringify({ reason: 'Unregistered', timestamp: Date.now() }));
          } else if (token.startsWith('flaky') || firstTime(this.seen, token)) {
            stream.respond({ ':status': 500, 'content-type': 'application/json' });
            stream.end(JSON.stringify({ reason: 'InternalServerError' }));
          } else if (token.startsWith('busy')) {
            stream.respond({ ':status': 429, 'content-type': 'application/json', 'retry-after': '120' });
            stream.end(JSON.stringify({ reason: 'TooManyRequests' }));
          } else {
            stream.respond({ ':status': 200, 'apns-id': 'x' });
            stream.end();
          }
        };
        if (token.startsWith('held')) this.held.push(answer);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  release(): void {
    for (const a of this.held.splice(0)) a();
  }

  get keyPem(): string {
    return this.signingKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  get publicKey(): KeyObject {
    return this.signingKey.publicKey;
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface FcmRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export class FcmStandIn {
  readonly tokenRequests: FcmRequest[] = [];
  readonly sendRequests: FcmRequest[] = [];
  readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  accessToken = 'access-token-1';
  private readonly seen = new Set<string>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const record = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      if (req.url === '/token') {
        this.tokenRequests.push(record);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: this.accessToken, expires_in: 3600, token_type: 'Bearer' }));
      }
      this.sendRequests.push(record);
      if (req.headers.authorization !== `Bearer ${this.accessToken}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { code: 401, status: 'UNAUTHENTICATED' } }));
      }
      const token = (JSON.parse(record.body) as { message: { token: string } }).message.token;
      if (token.startsWith('gone')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] },
          }),
        );
      }
      if (token.startsWith('flaky') || firstTime(this.seen, token)) {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { code: 503, status: 'UNAVAILABLE' } }));
      }
      if (token.startsWith('busy')) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' });
        return res.end(JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', details: [{ errorCode: 'QUOTA_EXCEEDED' }] } }));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: 'projects/proj-1/messages/1' }));
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  serviceAccount(): string {
    return JSON.stringify({
      type: 'service_account',
      project_id: 'proj-1',
      client_email: 'pusher@proj-1.iam.gserviceaccount.com',
      private_key: this.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      // Never reached: FCM_TOKEN_URL overrides it in the tests.
      token_uri: 'https://oauth2.googleapis.com/token',
    });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
