import { createHash, randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { GuardedResponse, OutboundFetcher } from '../../outbound-fetch/index.js';

// Calls to an account's PDS with its DPoP-bound access token: every request carries
// `Authorization: DPoP <token>` and a fresh proof, signed with the session's DPoP key, naming the
// method, the URL, the token's hash and the server's latest nonce. A server that wants a new nonce
// answers 401 `use_dpop_nonce` with a `DPoP-Nonce` header; the request is then sent once more.

export interface XrpcCredentials {
  pdsUrl: string;
  accessToken: string;
  /** The session's DPoP private key (a JWK with `d`). */
  dpopJwk: JWK;
}

export interface XrpcRequest {
  method: 'GET' | 'POST';
  nsid: string;
  query?: Record<string, string>;
  json?: unknown;
  bytes?: { body: Buffer; contentType: string };
  timeoutMs?: number;
}

/** The latest DPoP nonce each server gave, by origin (nonces are per server, not per session). */
export class DpopNonces {
  private readonly byOrigin = new Map<string, string>();
  get(origin: string): string | undefined {
    return this.byOrigin.get(origin);
  }
  remember(origin: string, response: GuardedResponse): void {
    const nonce = response.headers.get('dpop-nonce');
    if (nonce) this.byOrigin.set(origin, nonce);
  }
}

export async function xrpc(fetcher: OutboundFetcher, nonces: DpopNonces, creds: XrpcCredentials, request: XrpcRequest): Promise<GuardedResponse> {
  const url = new URL(`/xrpc/${request.nsid}`, creds.pdsUrl);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | Buffer | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.bytes) {
    headers['content-type'] = request.bytes.contentType;
    body = request.bytes.body;
  }
  const send = async () => {
    const proof = await dpopProof(creds, request.method, url, nonces.get(url.origin));
    const response = await fetcher.guardedFetch(url, {
      method: request.method,
      headers: { ...headers, authorization: `DPoP ${creds.accessToken}`, dpop: proof },
      body,
      maxRedirects: 0,
      timeoutMs: request.timeoutMs,
    });
    nonces.remember(url.origin, response);
    return response;
  };
  const first = await send();
  return needsNonce(first) ? send() : first;
}

function needsNonce(response: GuardedResponse): boolean {
  if (response.status !== 401 && response.status !== 400) return false;
  return /error="use_dpop_nonce"/.test(response.headers.get('www-authenticate') ?? '') || response.body.toString('utf8').includes('use_dpop_nonce');
}

async function dpopProof(creds: XrpcCredentials, method: string, url: URL, nonce: string | undefined): Promise<string> {
  const alg = typeof creds.dpopJwk.alg === 'string' ? creds.dpopJwk.alg : 'ES256';
  const key = await importJWK(creds.dpopJwk, alg);
  const { d: _private, ...publicJwk } = creds.dpopJwk;
  return new SignJWT({
    jti: randomUUID(),
    htm: method,
    htu: `${url.origin}${url.pathname}`,
    ath: createHash('sha256').update(creds.accessToken).digest('base64url'),
    ...(nonce ? { nonce } : {}),
  })
    .setProtectedHeader({ typ: 'dpop+jwt', alg, jwk: publicOnly(publicJwk) })
    .setIssuedAt()
    .sign(key);
}

/** The public members of an EC or OKP key (no `d`, no key_ops that name signing). */
function publicOnly(jwk: JWK): JWK {
  const { kty, crv, x, y, e, n } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, e, n }).filter(([, v]) => v !== undefined)) as JWK;
}
