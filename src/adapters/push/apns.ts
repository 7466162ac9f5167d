import http2 from 'node:http2';
import { importPKCS8, SignJWT } from 'jose';
import type { PushClient, PushDevice, PushOutcome, PushPayload } from './types.js';

// Apple Push Notification service over HTTP/2 with token (JWT ES256) authentication. One HTTP/2
// session per environment host, opened on first use and kept; the provider token is re-signed
// every 40 minutes (Apple accepts one for an hour and refuses refreshes more often than every 20).

export interface ApnsOptions {
  key: string; // PEM of the .p8 key
  keyId: string;
  teamId: string;
  topic: string;
  /** Override of both environments' endpoint (a loopback stand-in). */
  url?: string | null;
  /** Extra trusted certificate authorities (tests: the stand-in's self-signed certificate). */
  ca?: string;
  /** Seconds a notification stays deliverable (apns-expiration); default one day. */
  expirationSeconds?: number;
  now?: () => Date;
}

const HOSTS = { production: 'https://api.push.apple.com', sandbox: 'https://api.sandbox.push.apple.com' } as const;
const TOKEN_TTL_MS = 40 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;

export class ApnsClient implements PushClient {
  private readonly sessions = new Map<string, http2.ClientHttp2Session>();
  private token: { value: string; at: number } | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: ApnsOptions) {
    this.now = options.now ?? (() => new Date());
  }

  private async providerToken(): Promise<string> {
    const now = this.now().getTime();
    if (this.token && now - this.token.at < TOKEN_TTL_MS) return this.token.value;
    const key = await importPKCS8(this.options.key, 'ES256');
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.options.keyId })
      .setIssuer(this.options.teamId)
      .setIssuedAt(Math.floor(now / 1000))
      .sign(key);
    this.token = { value, at: now };
    return value;
  }

  private session(origin: string): http2.ClientHttp2Session {
    const existing = this.sessions.get(origin);
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const session = http2.connect(origin, this.options.ca ? { ca: this.options.ca } : {});
    session.on('error', () => this.sessions.delete(origin));
    session.on('close', () => this.sessions.delete(origin));
    session.unref();
    this.sessions.set(origin, session);
    return session;
  }

  async send(device: PushDevice, payload: PushPayload): Promise<PushOutcome> {
    const origin = this.options.url ?? (device.environment === 'sandbox' ? HOSTS.sandbox : HOSTS.production);
    let token: string;
    try {
      token = await this.providerToken();
    } catch (err) {
      return { status: 'failed', reason: `APNs key unusable: ${(err as Error).message}` };
    }
    const expiration = Math.floor(this.now().getTime() / 1000) + (this.options.expirationSeconds ?? 86_400);
    const body = JSON.stringify({ aps: { alert: { title: payload.title, body: payload.body }, sound: 'default' }, ...payload.data });
    return new Promise<PushOutcome>((resolve) => {
      let session: http2.ClientHttp2Session;
      try {
        session = this.session(origin);
      } catch (err) {
        resolve({ status: 'retry', reason: `APNs connection failed: ${(err as Error).message}` });
        return;
      }
      const req = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(device.token)}`,
        authorization: `bearer ${token}`,
        'apns-topic': this.options.topic,
        'apns-push-type': 'alert',
        'apns-expiration': String(expiration),
        'apns-priority': '10',
        'content-type': 'application/json',
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.close(http2.constants.NGHTTP2_CANCEL));
      let status = 0;
      let retryAfter: string | undefined;
      const chunks: Buffer[] = [];
      req.on('response', (headers) => {
        status = Number(headers[':status']);
        const ra = headers['retry-after'];
        retryAfter = Array.isArray(ra) ? ra[0] : ra;
      });
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('error', (err) => resolve({ status: 'retry', reason: `APNs request failed: ${err.message}` }));
      req.on('close', () => {
        if (status === 0) return resolve({ status: 'retry', reason: 'APNs request ended without a response' });
        let reason = '';
        try {
          reason = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { reason?: string }).reason ?? '';
        } catch {
          reason = '';
        }
        resolve(classify(status, reason, retryAfter));
      });
      req.end(body);
    });
  }

  close(): void {
    for (const s of this.sessions.values()) s.close();
    this.sessions.clear();
  }
}

function classify(status: number, reason: string, retryAfter: string | undefined): PushOutcome {
  if (status === 200) return { status: 'sent' };
  if (status === 410 || reason === 'Unregistered' || reason === 'BadDeviceToken') return { status: 'gone', reason: reason || `HTTP ${status}` };
  if (status === 429 || status >= 500) {
    const seconds = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
    return { status: 'retry', reason: reason || `HTTP ${status}`, ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}) };
  }
  return { status: 'failed', reason: reason || `HTTP ${status}` };
}
