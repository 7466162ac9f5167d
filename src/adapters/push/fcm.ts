import { importPKCS8, SignJWT } from 'jose';
import type { FcmServiceAccount } from '../../config.js';
import type { PushClient, PushDevice, PushOutcome, PushPayload } from './types.js';

// Firebase Cloud Messaging HTTP v1. The OAuth2 access token comes from the service account's
// JWT-bearer grant: an RS256 assertion signed with its private key, posted to its token_uri (or
// FCM_TOKEN_URL); kept until a minute before it expires.

export interface FcmOptions {
  serviceAccount: FcmServiceAccount;
  /** Base of the FCM API (default https://fcm.googleapis.com). */
  url?: string | null;
  /** Override of the service account's token_uri. */
  tokenUrl?: string | null;
  now?: () => Date;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const REQUEST_TIMEOUT_MS = 10_000;

export class FcmClient implements PushClient {
  private access: { token: string; expiresAt: number } | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: FcmOptions) {
    this.now = options.now ?? (() => new Date());
  }

  private async accessToken(): Promise<string> {
    const now = this.now().getTime();
    if (this.access && now < this.access.expiresAt) return this.access.token;
    const sa = this.options.serviceAccount;
    const tokenUrl = this.options.tokenUrl ?? sa.token_uri;
    const key = await importPKCS8(sa.private_key, 'RS256');
    const iat = Math.floor(now / 1000);
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(sa.client_email)
      .setSubject(sa.client_email)
      .setAudience(tokenUrl)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(key);
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!res.ok) throw new TokenError(res.status, `token endpoint answered ${res.status}`);
    const json = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!json.access_token) throw new TokenError(502, 'token endpoint gave no access_token');
    this.access = { token: json.access_token, expiresAt: now + Math.max(60, (json.expires_in ?? 3600) - 60) * 1000 };
    return json.access_token;
  }

  async send(device: PushDevice, payload: PushPayload): Promise<PushOutcome> {
    let token: string;
    try {
      token = await this.accessToken();
    } catch (err) {
      const status = err instanceof TokenError ? err.status : 0;
      const reason = `FCM access token: ${(err as Error).message}`;
      return status === 0 || status === 429 || status >= 500 ? { status: 'retry', reason } : { status: 'failed', reason };
    }
    const base = this.options.url ?? 'https://fcm.googleapis.com';
    const url = `${base}/v1/projects/${encodeURIComponent(this.options.serviceAccount.project_id)}/messages:send`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: { token: device.token, notification: { title: payload.title, body: payload.body }, data: payload.data } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      return { status: 'retry', reason: `FCM request failed: ${(err as Error).message}` };
    }
    if (res.ok) return { status: 'sent' };
    const text = await res.text().catch(() => '');
    let errorCode = '';
    let statusText = '';
    try {
      const body = JSON.parse(text) as { error?: { status?: string; details?: { errorCode?: string }[] } };
      statusText = body.error?.status ?? '';
      errorCode = body.error?.details?.find((d) => d.errorCode)?.errorCode ?? '';
    } catch {
      // not JSON
    }
    if (errorCode === 'UNREGISTERED' || (res.status === 404 && statusText === 'NOT_FOUND')) return { status: 'gone', reason: errorCode || statusText };
    if (res.status === 401) this.access = null;
    if (res.status === 429 || res.status >= 500) {
      const ra = res.headers.get('retry-after');
      return { status: 'retry', reason: errorCode || statusText || `HTTP ${res.status}`, ...(ra && /^\d+$/.test(ra) ? { retryAfterSeconds: Number(ra) } : {}) };
    }
    return { status: 'failed', reason: errorCode || statusText || `HTTP ${res.status}` };
  }

  close(): void {}
}

class TokenError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
