import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { OutboundFetcher, type GuardedRequest, type GuardedResponse, type TxtResolver } from '../../../src/adapters/outbound-fetch/index.js';

// A loopback stand-in for networkB (the AT Protocol), checking what the real servers check:
//   - a PLC directory answering DID documents, and the handles' own web servers (the
//     `/.well-known/atproto-did` of a handle, the `/.well-known/did.json` of a did:web);
//   - a PDS with its oauth-protected-resource metadata and the repo endpoints (createRecord with
//     a client-chosen key that must be a TID and must not exist yet, and facets whose UTF-8 byte
//     ranges cover their link or `@handle` (a mention naming that account's DID), uploadBlob, getRecord,
//     deleteRecord), each requiring the DPoP-bound access token with a valid proof (signature,
//     htm, htu, ath, the key the token is bound to, a fresh jti, the current nonce);
//   - an authorization server: PAR (client id, redirect URI, PKCE S256 challenge, DPoP proof and
//     the nonce dance), the authorize page (approves as the hinted account, or denies), the token
//     endpoint (code single use, code_verifier against the challenge, the same DPoP key as the
//     PAR, refresh tokens single use and rotated) and revocation.
// Each role is its own server on 127.0.0.2. Faults can be queued for the PDS's repo calls.
// The PDS (https://pds.test), the authorization server (https://auth.test) and the handles' hosts
// (any other name under `.test`) are reached through `mappingFetcher()`: the real guarded fetcher
// with those https origins mapped onto the stand-in's servers (as a hosts file would, port
// included), so every request still passes the address policy.

export const STAND_IN_HOST = '127.0.0.2';

export interface Account {
  did: string;
  handle: string;
  /** The PDS named in the DID document (default: this stand-in's). */
  pdsUrl: string;
  /** The handle the DID document claims (default: the handle). */
  claimedHandle: string;
  records: Map<string, { uri: string; cid: string; value: Record<string, unknown> }>;
  blobs: Map<string, { mimeType: string; size: number }>;
}

export type Fault =
  | { status: number; retryAfter?: string; always?: boolean; body?: unknown }
  | { expireToken: true }
  | { delayMs: number }
  /** Do the write, then drop the connection without answering (an unknown outcome). */
  | { dropAfterWrite: true };

interface Pushed {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string;
  scope: string;
  loginHint: string | null;
  jkt: string;
}

interface Grant {
  sub: string;
  jkt: string;
  scope: string;
  expiresAt: number;
  revoked: boolean;
}

export interface SeenCall {
  server: 'directory' | 'handles' | 'pds' | 'as';
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  status: number;
}

type Handler = (req: http.IncomingMessage, body: Buffer, url: URL) => Promise<Answer> | Answer;
interface Answer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  /** Destroy the socket instead of answering. */
  drop?: boolean;
}

const ALLOWED_ALGS = ['ES256'];
const PDS_HOST = 'pds.test';
const AS_HOST = 'auth.test';

export class NetworkBStandIn {
  readonly accounts = new Map<string, Account>();
  readonly seen: SeenCall[] = [];
  readonly faults: { nsid: string | '*'; fault: Fault }[] = [];
  /** The authorize page's answer: approve as the hinted account, or deny. */
  authorizeAs: 'hinted' | 'deny' | string = 'hinted';
  /** Access tokens' lifetime, in seconds. */
  accessTokenSeconds = 3600;
  /** Refuse every refresh (invalid_grant), as a revoked session would. */
  refuseRefresh = false;

  private readonly servers: Record<'directory' | 'handles' | 'pds' | 'as', http.Server>;
  private readonly pushed = new Map<string, Pushed>();
  private readonly codes = new Map<string, Pushed & { sub: string }>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant & { used: boolean }>();
  private readonly jtis = new Set<string>();
  private nonce = randomBytes(16).toString('base64url');
  /** Tokens issued and refresh grants honoured, for assertions. */
  readonly counts = { par: 0, codeExchanges: 0, refreshes: 0, revocations: 0, records: 0 };

  constructor() {
    this.servers = {
      directory: this.server('directory', (_req, _body, url) => this.directory(url)),
      handles: this.server('handles', (_req, _body, url) => this.handles(url)),
      pds: this.server('pds', (req, body, url) => this.pds(req, body, url)),
      as: this.server('as', (req, body, url) => this.authorization(req, body, url)),
    };
  }

  async start(): Promise<this> {
    await Promise.all(
      Object.values(this.servers).map(
        (server) =>
          new Promise<void>((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, STAND_IN_HOST, () => resolve());
          }),
      ),
    );
    return this;
  }

  async stop(): Promise<void> {
    await Promise.all(
      Object.values(this.servers).map((server) => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
  }

  origin(role: keyof NetworkBStandIn['servers']): string {
    return `http://${STAND_IN_HOST}:${(this.servers[role].address() as AddressInfo).port}`;
  }

  get directoryUrl(): string {
    return this.origin('directory');
  }
  /** The PDS and the authorization server go by https names (the reference client takes plain http only on localhost). */
  get pdsUrl(): string {
    return `https://${PDS_HOST}`;
  }
  get issuer(): string {
    return `https://${AS_HOST}`;
  }

  /** Where a browser reaches an address of the stand-in's (its https names mapped as the fetcher maps them). */
  local(url: string): string {
    const target = new URL(url);
    const mapped = this.mapped(target.hostname);
    return mapped ? `${mapped}${target.pathname}${target.search}` : url;
  }

  private mapped(host: string): string | null {
    if (host === PDS_HOST) return this.origin('pds');
    if (host === AS_HOST) return this.origin('as');
    return host.endsWith('.test') ? `${this.origin('handles')}/_host/${host}` : null;
  }

  /** A new account: did:plc (in the directory) or did:web (on its handle's host). */
  addAccount(handle: string, options: { didWeb?: boolean; pdsUrl?: string; claimedHandle?: string } = {}): Account {
    const did = options.didWeb ? `did:web:${handle}` : `did:plc:${plcId()}`;
    const account: Account = {
      did,
      handle,
      pdsUrl: options.pdsUrl ?? this.pdsUrl,
      claimedHandle: options.claimedHandle ?? handle,
      records: new Map(),
      blobs: new Map(),
    };
    this.accounts.set(did, account);
    return account;
  }

  /** Queues a fault for the next repo call of `nsid` (or any, with '*'). */
  fail(nsid: string | '*', fault: Fault): this {
    this.faults.push({ nsid, fault });
    return this;
  }

  /** The guarded fetcher of the service, with `.test` host names mapped onto the stand-in's handle server (and TXT records from `txtResolver`, when given). */
  mappingFetcher(extra: Record<string, string> = {}, txtResolver?: TxtResolver): OutboundFetcher {
    return new MappingFetcher(
      { allowedPrivateAddresses: [`${STAND_IN_HOST}/32`], timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024, userAgent: 'test', ...(txtResolver ? { txtResolver } : {}) },
      (host) => extra[host] ?? this.mapped(host),
    );
  }

  didDocument(account: Account): Record<string, unknown> {
    return {
      '@context': ['https://www.w3.org/ns/did/v1'],
      id: account.did,
      alsoKnownAs: [`at://${account.claimedHandle}`],
      verificationMethod: [],
      service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: account.pdsUrl }],
    };
  }

  /** Lets the next access-token check fail as expired for every token of `did`. */
  expireTokensOf(did: string): void {
    for (const grant of this.accessTokens.values()) if (grant.sub === did) grant.expiresAt = 0;
  }

  // ---- the servers --------------------------------------------------------------------------

  private server(role: SeenCall['server'], handler: Handler): http.Server {
    return http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
        Promise.resolve()
          .then(() => handler(req, Buffer.concat(chunks), url))
          .catch((err: Error) => ({ status: 500, json: { error: 'InternalServerError', message: err.message } }) as Answer)
          .then((answer) => {
            this.seen.push({ server: role, method: req.method ?? 'GET', path: url.pathname, headers: req.headers, status: answer.drop ? 0 : answer.status });
            if (answer.drop) {
              res.socket?.destroy();
              return;
            }
            const headers: Record<string, string> = { ...answer.headers };
            let payload = '';
            if (answer.json !== undefined) {
              headers['content-type'] = 'application/json';
              payload = JSON.stringify(answer.json);
            } else if (answer.text !== undefined) {
              headers['content-type'] ??= 'text/plain';
              payload = answer.text;
            }
            res.writeHead(answer.status, headers).end(payload);
          })
          // Writing the answer failed (the client went away): nothing is left to tell it.
          .catch(() => res.destroy());
      });
    });
  }

  private directory(url: URL): Answer {
    const account = this.accounts.get(decodeURIComponent(url.pathname.slice(1)));
    return account && account.did.startsWith('did:plc:') ? { status: 200, json: this.didDocument(account) } : { status: 404, json: { message: 'DID not registered' } };
  }

  private handles(url: URL): Answer {
    const match = /^\/_host\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!match) return { status: 404, text: 'not found' };
    const [, host, path] = match;
    if (path === '/.well-known/atproto-did') {
      const account = [...this.accounts.values()].find((a) => a.handle === host);
      return account ? { status: 200, text: account.did } : { status: 404, text: 'no such handle' };
    }
    if (path === '/.well-known/did.json') {
      const account = this.accounts.get(`did:web:${host}`);
      return account ? { status: 200, json: this.didDocument(account) } : { status: 404, text: 'no document' };
    }
    return { status: 404, text: 'not found' };
  }

  // ---- authorization server -----------------------------------------------------------------

  private authorizationMetadata(): Record<string, unknown> {
    const issuer = this.issuer;
    return {
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      pushed_authorization_request_endpoint: `${issuer}/oauth/par`,
      revocation_endpoint: `${issuer}/oauth/revoke`,
      require_pushed_authorization_requests: true,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment', 'form_post'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['atproto', 'transition:generic'],
      token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      dpop_signing_alg_values_supported: ALLOWED_ALGS,
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
      protected_resources: [this.pdsUrl],
    };
  }

  private async authorization(req: http.IncomingMessage, body: Buffer, url: URL): Promise<Answer> {
    if (req.method === 'GET' && url.pathname === '/.well-known/oauth-authorization-server') return { status: 200, json: this.authorizationMetadata() };
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') return this.authorizePage(url);
    if (req.method !== 'POST') return { status: 404, json: { error: 'not_found' } };
    const form = new URLSearchParams(body.toString('utf8'));
    const endpoint = `${this.issuer}${url.pathname}`;
    if (url.pathname === '/oauth/revoke') {
      this.counts.revocations += 1;
      const token = form.get('token') ?? '';
      for (const grant of [this.accessTokens.get(token), this.refreshTokens.get(token)]) if (grant) grant.revoked = true;
      return { status: 200, json: {} };
    }
    if (url.pathname !== '/oauth/par' && url.pathname !== '/oauth/token') return { status: 404, json: { error: 'not_found' } };
    const proof = await this.checkProof(req, endpoint, null);
    if ('error' in proof) return oauthError(400, proof.error, proof.description, proof.error === 'use_dpop_nonce' ? { 'dpop-nonce': this.nonce } : {});
    const headers = { 'dpop-nonce': this.nonce };
    return url.pathname === '/oauth/par' ? this.par(form, proof.jkt, headers) : this.token(form, proof.jkt, headers);
  }

  private par(form: URLSearchParams, jkt: string, headers: Record<string, string>): Answer {
    const clientId = form.get('client_id') ?? '';
    const redirectUri = form.get('redirect_uri') ?? '';
    const allowed = clientRedirectUris(clientId);
    if (allowed === null) return oauthError(400, 'invalid_client', 'Unknown client', headers);
    if (!allowed.includes(redirectUri)) return oauthError(400, 'invalid_request', 'redirect_uri is not registered for the client', headers);
    if (form.get('response_type') !== 'code') return oauthError(400, 'unsupported_response_type', 'response_type must be code', headers);
    if (form.get('code_challenge_method') !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(form.get('code_challenge') ?? '')) {
      return oauthError(400, 'invalid_request', 'A PKCE S256 code_challenge is required', headers);
    }
    const scope = form.get('scope') ?? '';
    if (!scope.split(' ').includes('atproto')) return oauthError(400, 'invalid_scope', 'The atproto scope is required', headers);
    if (!form.get('state')) return oauthError(400, 'invalid_request', 'state is required', headers);
    this.counts.par += 1;
    const requestUri = `urn:ietf:params:oauth:request_uri:req-${randomBytes(12).toString('hex')}`;
    this.pushed.set(requestUri, {
      clientId,
      redirectUri,
      codeChallenge: form.get('code_challenge')!,
      state: form.get('state')!,
      scope,
      loginHint: form.get('login_hint'),
      jkt,
    });
    return { status: 201, json: { request_uri: requestUri, expires_in: 300 }, headers };
  }

  private authorizePage(url: URL): Answer {
    const pushed = this.pushed.get(url.searchParams.get('request_uri') ?? '');
    if (!pushed || pushed.clientId !== url.searchParams.get('client_id')) return { status: 400, text: 'Unknown or expired request' };
    this.pushed.delete(url.searchParams.get('request_uri')!);
    const back = new URL(pushed.redirectUri);
    back.searchParams.set('state', pushed.state);
    back.searchParams.set('iss', this.issuer);
    if (this.authorizeAs === 'deny') {
      back.searchParams.set('error', 'access_denied');
      return { status: 302, headers: { location: back.href } };
    }
    const account =
      this.authorizeAs === 'hinted'
        ? [...this.accounts.values()].find((a) => a.handle === pushed.loginHint || a.did === pushed.loginHint)
        : this.accounts.get(this.authorizeAs);
    if (!account) return { status: 400, text: 'No such account' };
    const code = `cod-${randomBytes(16).toString('hex')}`;
    this.codes.set(code, { ...pushed, sub: account.did });
    back.searchParams.set('code', code);
    return { status: 302, headers: { location: back.href } };
  }

  private token(form: URLSearchParams, jkt: string, headers: Record<string, string>): Answer {
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code) return oauthError(400, 'invalid_grant', 'Unknown or used code', headers);
      this.codes.delete(form.get('code')!);
      if (code.clientId !== form.get('client_id')) return oauthError(400, 'invalid_client', 'client_id does not match', headers);
      if (code.redirectUri !== form.get('redirect_uri')) return oauthError(400, 'invalid_grant', 'redirect_uri does not match', headers);
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge) return oauthError(400, 'invalid_grant', 'code_verifier does not match', headers);
      if (code.jkt !== jkt) return oauthError(400, 'invalid_dpop_proof', 'DPoP key differs from the PAR', headers);
      this.counts.codeExchanges += 1;
      return { status: 200, json: this.issue(code.sub, jkt, code.scope), headers };
    }
    if (grantType === 'refresh_token') {
      const grant = this.refreshTokens.get(form.get('refresh_token') ?? '');
      if (this.refuseRefresh || !grant || grant.used || grant.revoked) return oauthError(400, 'invalid_grant', 'Invalid refresh token', headers);
      if (grant.jkt !== jkt) return oauthError(400, 'invalid_dpop_proof', 'DPoP key differs from the session', headers);
      grant.used = true;
      this.counts.refreshes += 1;
      return { status: 200, json: this.issue(grant.sub, jkt, grant.scope), headers };
    }
    return oauthError(400, 'unsupported_grant_type', 'Unsupported grant_type', headers);
  }

  private issue(sub: string, jkt: string, scope: string): Record<string, unknown> {
    const access = `acc-${randomBytes(16).toString('hex')}`;
    const refresh = `ref-${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(access, { sub, jkt, scope, expiresAt: Date.now() + this.accessTokenSeconds * 1000, revoked: false });
    this.refreshTokens.set(refresh, { sub, jkt, scope, expiresAt: Date.now() + 86_400_000, revoked: false, used: false });
    return { access_token: access, token_type: 'DPoP', expires_in: this.accessTokenSeconds, refresh_token: refresh, scope, sub };
  }

  /** The DPoP proof of a request: its key's thumbprint, or why it is refused. */
  private async checkProof(req: http.IncomingMessage, htu: string, accessToken: string | null): Promise<{ jkt: string } | { error: string; description: string }> {
    const proof = req.headers.dpop;
    if (typeof proof !== 'string') return { error: 'invalid_dpop_proof', description: 'DPoP proof required' };
    let jwk: JWK;
    let payload: Record<string, unknown>;
    try {
      const header = decodeProtectedHeader(proof);
      if (header.typ !== 'dpop+jwt' || !ALLOWED_ALGS.includes(header.alg ?? '') || !header.jwk || 'd' in header.jwk) throw new Error('bad header');
      jwk = header.jwk as JWK;
      ({ payload } = await jwtVerify(proof, await importJWK(jwk, header.alg), { typ: 'dpop+jwt', maxTokenAge: 60, clockTolerance: 5 }));
    } catch (err) {
      return { error: 'invalid_dpop_proof', description: `Invalid DPoP proof: ${(err as Error).message}` };
    }
    if (payload.htm !== req.method) return { error: 'invalid_dpop_proof', description: 'htm does not match' };
    if (payload.htu !== htu) return { error: 'invalid_dpop_proof', description: `htu does not match (${String(payload.htu)} != ${htu})` };
    if (typeof payload.jti !== 'string' || this.jtis.has(payload.jti)) return { error: 'invalid_dpop_proof', description: 'jti missing or reused' };
    if (payload.nonce !== this.nonce) return { error: 'use_dpop_nonce', description: 'Authorization server requires nonce in DPoP proof' };
    if (accessToken !== null && payload.ath !== createHash('sha256').update(accessToken).digest('base64url')) return { error: 'invalid_dpop_proof', description: 'ath does not match' };
    this.jtis.add(payload.jti);
    return { jkt: await calculateJwkThumbprint(jwk) };
  }

  /** Changes the server nonce, as servers do every few minutes. */
  rotateNonce(): void {
    this.nonce = randomBytes(16).toString('base64url');
  }

  // ---- PDS ----------------------------------------------------------------------------------

  private async pds(req: http.IncomingMessage, body: Buffer, url: URL): Promise<Answer> {
    if (url.pathname === '/.well-known/oauth-protected-resource') {
      return { status: 200, json: { resource: this.pdsUrl, authorization_servers: [this.issuer], scopes_supported: [], bearer_methods_supported: ['header'] } };
    }
    const match = /^\/xrpc\/([a-zA-Z.]+)$/.exec(url.pathname);
    if (!match) return { status: 404, json: { error: 'NotFound' } };
    const nsid = match[1];
    const auth = await this.authenticate(req, url);
    if ('answer' in auth) return auth.answer;
    const faultIndex = this.faults.findIndex((f) => f.nsid === nsid || f.nsid === '*');
    const fault = faultIndex >= 0 ? this.faults[faultIndex].fault : null;
    if (fault && !('status' in fault && fault.always)) this.faults.splice(faultIndex, 1);
    if (fault && 'delayMs' in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault && 'expireToken' in fault) return { status: 401, json: { error: 'InvalidToken', message: '"exp" claim timestamp check failed' }, headers: { 'www-authenticate': 'DPoP error="invalid_token"' } };
    if (fault && 'status' in fault) {
      return { status: fault.status, json: fault.body ?? { error: 'Failure', message: `stand-in fault ${fault.status}` }, headers: fault.retryAfter ? { 'retry-after': fault.retryAfter } : {} };
    }
    const answer = this.repo(nsid, auth.sub, req, body, url);
    return fault && 'dropAfterWrite' in fault ? { status: 0, drop: true } : answer;
  }

  private async authenticate(req: http.IncomingMessage, url: URL): Promise<{ sub: string } | { answer: Answer }> {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('DPoP ') ? header.slice(5) : null;
    const unauthorized = (error: string, description: string, extra: Record<string, string> = {}): { answer: Answer } => ({
      answer: { status: 401, json: { error: error === 'use_dpop_nonce' ? 'use_dpop_nonce' : 'InvalidToken', message: description }, headers: { 'www-authenticate': `DPoP error="${error}", error_description="${description}"`, ...extra } },
    });
    if (token === null) return unauthorized('invalid_token', 'DPoP-bound access token required');
    const grant = this.accessTokens.get(token);
    const proof = await this.checkProof(req, `${this.pdsUrl}${url.pathname}`, token);
    if ('error' in proof) return unauthorized(proof.error, proof.description, proof.error === 'use_dpop_nonce' ? { 'dpop-nonce': this.nonce } : {});
    if (!grant || grant.revoked) return unauthorized('invalid_token', 'Unknown or revoked token');
    if (grant.expiresAt < Date.now()) return unauthorized('invalid_token', 'Token expired');
    if (grant.jkt !== proof.jkt) return unauthorized('invalid_token', 'Token is bound to another key');
    return { sub: grant.sub };
  }

  private repo(nsid: string, sub: string, req: http.IncomingMessage, body: Buffer, url: URL): Answer {
    const account = this.accounts.get(sub)!;
    const input = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, any>;
    switch (nsid) {
      case 'com.atproto.repo.uploadBlob': {
        const mimeType = req.headers['content-type'] ?? '';
        if (!mimeType || body.length === 0) return xrpcError(400, 'InvalidRequest', 'A body with a content type is required');
        if (body.length > 1_000_000) return xrpcError(400, 'BlobTooLarge', 'This file is too large');
        const cid = `bafkrei${createHash('sha256').update(body).digest('hex').slice(0, 52)}`;
        account.blobs.set(cid, { mimeType, size: body.length });
        return { status: 200, json: { blob: { $type: 'blob', ref: { $link: cid }, mimeType, size: body.length } } };
      }
      case 'com.atproto.repo.createRecord': {
        const { repo, collection, rkey, record } = input();
        if (repo !== sub) return xrpcError(403, 'AuthRequired', 'Not the token holder\'s repository');
        if (collection !== 'app.bsky.feed.post' || record?.$type !== collection) return xrpcError(400, 'InvalidRequest', 'Only posts are taken here');
        if (typeof rkey !== 'string' || !/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/.test(rkey)) return xrpcError(400, 'InvalidRequest', 'Record key must be a TID');
        const problem = postProblem(record, account, this.accounts);
        if (problem) return xrpcError(400, 'InvalidRecord', problem);
        if (account.records.has(`${collection}/${rkey}`)) return xrpcError(400, 'InvalidRequest', 'Record already exists');
        const uri = `at://${sub}/${collection}/${rkey}`;
        const cid = `bafyrei${randomBytes(20).toString('hex')}`;
        account.records.set(`${collection}/${rkey}`, { uri, cid, value: record });
        this.counts.records += 1;
        return { status: 200, json: { uri, cid, commit: { cid: `bafyrei${randomBytes(20).toString('hex')}`, rev: randomUUID() }, validationStatus: 'valid' } };
      }
      case 'com.atproto.repo.getRecord': {
        const target = this.accounts.get(url.searchParams.get('repo') ?? '');
        const found = target?.records.get(`${url.searchParams.get('collection')}/${url.searchParams.get('rkey')}`);
        return found ? { status: 200, json: found } : xrpcError(400, 'RecordNotFound', 'Could not locate record');
      }
      case 'com.atproto.repo.deleteRecord': {
        const { repo, collection, rkey } = input();
        if (repo !== sub) return xrpcError(403, 'AuthRequired', 'Not the token holder\'s repository');
        account.records.delete(`${collection}/${rkey}`);
        return { status: 200, json: { commit: { cid: `bafyrei${randomBytes(20).toString('hex')}`, rev: randomUUID() } } };
      }
      default:
        return xrpcError(501, 'MethodNotImplemented', `${nsid} is not implemented`);
    }
  }
}

/** What the post lexicon and the PDS refuse in a post record. */
function postProblem(record: Record<string, any>, account: Account, accounts: Map<string, Account>): string | null {
  if (typeof record.text !== 'string') return 'text is required';
  if ([...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(record.text)].length > 300) return 'text is longer than 300 graphemes';
  if (Buffer.byteLength(record.text) > 3000) return 'text is longer than 3000 bytes';
  if (typeof record.createdAt !== 'string' || Number.isNaN(Date.parse(record.createdAt))) return 'createdAt must be a datetime';
  const bytes = Buffer.byteLength(record.text);
  for (const facet of record.facets ?? []) {
    const { byteStart, byteEnd } = facet.index ?? {};
    if (!(Number.isInteger(byteStart) && Number.isInteger(byteEnd) && byteStart >= 0 && byteStart < byteEnd && byteEnd <= bytes)) return 'facet index out of range';
    // What a reader's app does with a facet: the bytes it covers are the mention or the link.
    const covered = Buffer.from(record.text).subarray(byteStart, byteEnd).toString('utf8');
    for (const feature of facet.features ?? []) {
      if (feature.$type === 'app.bsky.richtext.facet#mention') {
        const mentioned = [...accounts.values()].find((a) => a.did === feature.did);
        if (!mentioned) return `mention facet names ${String(feature.did)}, which is not a DID of this network`;
        if (covered.toLowerCase() !== `@${mentioned.handle}`) return `mention facet of ${mentioned.handle} covers "${covered}"`;
      }
      if (feature.$type === 'app.bsky.richtext.facet#link' && feature.uri !== covered && feature.uri !== `https://${covered}`) return `link facet of ${String(feature.uri)} covers "${covered}"`;
    }
  }
  if (record.embed) {
    if (record.embed.$type !== 'app.bsky.embed.images' || !Array.isArray(record.embed.images) || record.embed.images.length > 4) return 'embed must be up to 4 images';
    for (const image of record.embed.images) {
      if (typeof image.alt !== 'string' || !account.blobs.has(image.image?.ref?.$link)) return 'embedded image is not an uploaded blob';
    }
  }
  return null;
}

/** The redirect URIs a client id allows: a loopback development client names them in its id. */
function clientRedirectUris(clientId: string): string[] | null {
  if (!clientId.startsWith('http://localhost')) return null;
  const query = new URL(clientId).searchParams;
  const uris = query.getAll('redirect_uri');
  return uris.length > 0 ? uris : ['http://127.0.0.1/', 'http://[::1]/'];
}

function oauthError(status: number, error: string, description: string, headers: Record<string, string>): Answer {
  return { status, json: { error, error_description: description }, headers };
}

function xrpcError(status: number, error: string, message: string): Answer {
  return { status, json: { error, message } };
}

function plcId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from(randomBytes(24), (b) => alphabet[b % 32]).join('');
}

/** The real guarded fetcher, with some host names' https origins mapped elsewhere (a hosts file with ports). */
class MappingFetcher extends OutboundFetcher {
  constructor(
    options: ConstructorParameters<typeof OutboundFetcher>[0],
    private readonly map: (host: string) => string | null,
  ) {
    super(options);
  }

  override guardedFetch(url: string | URL, init?: GuardedRequest): Promise<GuardedResponse> {
    const target = new URL(url);
    const mapped = target.protocol === 'https:' ? this.map(target.hostname) : null;
    return super.guardedFetch(mapped ? `${mapped}${target.pathname}${target.search}` : target, init);
  }
}
