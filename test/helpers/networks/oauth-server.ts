import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { LoopbackPages, type PageHandler, type PageHit } from '../loopback-pages.js';

// An OAuth 2.0 authorization server on 127.0.0.2 that checks what a real one checks: the client
// id and the registered redirect_uri at the authorize page; at the token endpoint the client's
// authentication (client_secret_post or HTTP Basic), that the code is unspent and was given to
// that client for that redirect_uri, and the PKCE verifier against the challenge (S256); Bearer
// tokens on its API; refresh tokens that rotate and work once. The authorize page consents at
// once (302 back with a code), or answers error=access_denied when told to.
// Each provider's stand-in (mastodon.ts, network-c.ts, network-d.ts, codehost.ts) sets its paths.

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OAuthServerOptions {
  authorizePath: string;
  tokenPath: string;
  revokePath?: string;
  clientAuth: 'post' | 'basic';
  /** required: the authorize step must carry a challenge; optional: checked when present. */
  pkce: 'required' | 'optional' | 'none';
  /** Seconds an access token lives; null: no expiry and no refresh token. */
  expiresIn: number | null;
  /** GitHub-style authorize pages take no response_type (default: required, `code`). */
  responseType?: 'required' | 'none';
  /** Authorization schemes its API takes for an access token (default Bearer; GitHub also takes `token`). */
  authSchemes?: string[];
}

export interface Grant {
  accountId: string;
  scope: string;
}

interface PendingCode extends Grant {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
}

export class OAuthServer {
  readonly pages: LoopbackPages;
  readonly clients = new Map<string, OAuthClient>();
  /** Access and refresh tokens still valid, and whose they are. */
  readonly accessTokens = new Map<string, Grant>();
  readonly refreshTokens = new Map<string, Grant>();
  readonly revoked: string[] = [];
  /** Whose account the next consent is for. */
  accountId = 'account-1';
  /** The next authorize answers error=access_denied. */
  denyNext = false;
  /** Every refresh is refused (invalid_grant). */
  refuseRefresh = false;
  readonly failures: string[] = [];
  private readonly codes = new Map<string, PendingCode>();

  constructor(
    readonly options: OAuthServerOptions,
    routes: Record<string, PageHandler> = {},
  ) {
    this.pages = new LoopbackPages('127.0.0.2', {
      [options.authorizePath]: (req, res) => this.authorize(req, res),
      [options.tokenPath]: (req, res, hit) => this.token(req, res, hit),
      ...(options.revokePath ? { [options.revokePath]: (req: http.IncomingMessage, res: http.ServerResponse, hit: PageHit) => this.revoke(req, res, hit) } : {}),
      ...routes,
    });
  }

  async start(): Promise<this> {
    await this.pages.start();
    return this;
  }

  stop(): Promise<void> {
    return this.pages.stop();
  }

  /** The origin to configure (e.g. NETWORKD_API_URL). */
  get origin(): string {
    return this.pages.url('').replace(/\/$/, '');
  }

  addClient(client: OAuthClient): void {
    this.clients.set(client.clientId, client);
  }

  /** Records a refusal (the test asserts there were none) and answers it. */
  refuse(res: http.ServerResponse, status: number, error: string, why: string): void {
    this.failures.push(why);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error, error_description: why }));
  }

  /** The grant of a request's Bearer token, or null after answering 401. */
  bearer(req: http.IncomingMessage, res: http.ServerResponse): Grant | null {
    const [scheme, token] = (req.headers.authorization ?? '').split(' ');
    if (!(this.options.authSchemes ?? ['Bearer']).some((s) => s.toLowerCase() === scheme?.toLowerCase())) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_token' }));
      return null;
    }
    const grant = token ? this.accessTokens.get(token) : undefined;
    if (!grant) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_token' }));
      return null;
    }
    return grant;
  }

  json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private authorize(req: http.IncomingMessage, res: http.ServerResponse): void {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const client = this.clients.get(q.get('client_id') ?? '');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!client) return this.refuse(res, 400, 'invalid_client', 'authorize: unknown client_id');
    if (!client.redirectUris.includes(redirectUri)) return this.refuse(res, 400, 'invalid_request', 'authorize: redirect_uri not registered');
    if (this.options.responseType !== 'none' && q.get('response_type') !== 'code') return this.refuse(res, 400, 'unsupported_response_type', 'authorize: response_type must be code');
    const challenge = q.get('code_challenge');
    if (this.options.pkce === 'required' && !challenge) return this.refuse(res, 400, 'invalid_request', 'authorize: PKCE challenge missing');
    if (challenge && q.get('code_challenge_method') !== 'S256') return this.refuse(res, 400, 'invalid_request', 'authorize: only S256');
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    if (this.denyNext) {
      this.denyNext = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(12).toString('hex');
      this.codes.set(code, { clientId: client.clientId, redirectUri, challenge: this.options.pkce === 'none' ? null : challenge, accountId: this.accountId, scope: q.get('scope') ?? '' });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  /** The client the request authenticates as, or null after answering 401. */
  private authenticate(req: http.IncomingMessage, res: http.ServerResponse, form: URLSearchParams): OAuthClient | null {
    let id: string | null;
    let secret: string | null;
    if (this.options.clientAuth === 'basic') {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [a, b] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [null, null];
      id = a ? decodeURIComponent(a) : null;
      secret = b ? decodeURIComponent(b) : null;
    } else {
      id = form.get('client_id');
      secret = form.get('client_secret');
    }
    const client = this.clients.get(id ?? '');
    if (!client || client.clientSecret !== secret) {
      this.refuse(res, 401, 'invalid_client', `client authentication failed (${this.options.clientAuth})`);
      return null;
    }
    return client;
  }

  private issue(res: http.ServerResponse, grant: Grant): void {
    const access = `at-${randomBytes(10).toString('hex')}`;
    this.accessTokens.set(access, grant);
    const body: Record<string, unknown> = { access_token: access, token_type: 'bearer', scope: grant.scope };
    if (this.options.expiresIn !== null) {
      const refresh = `rt-${randomBytes(10).toString('hex')}`;
      this.refreshTokens.set(refresh, grant);
      body.refresh_token = refresh;
      body.expires_in = this.options.expiresIn;
    }
    this.json(res, 200, body);
  }

  private token(req: http.IncomingMessage, res: http.ServerResponse, hit: PageHit): void {
    if (req.method !== 'POST') return this.refuse(res, 405, 'invalid_request', 'token: POST only');
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return this.refuse(res, 400, 'invalid_request', 'token: form body expected');
    const form = new URLSearchParams(hit.body);
    const client = this.authenticate(req, res, form);
    if (!client) return;
    if (form.get('grant_type') === 'refresh_token') {
      const token = form.get('refresh_token') ?? '';
      const grant = this.refreshTokens.get(token);
      // Single use: a refresh token is spent whether or not the answer reaches the client.
      this.refreshTokens.delete(token);
      if (!grant || this.refuseRefresh) return this.json(res, 400, { error: 'invalid_grant', error_description: 'refresh token invalid' });
      return this.issue(res, grant);
    }
    if (form.get('grant_type') !== 'authorization_code') return this.refuse(res, 400, 'unsupported_grant_type', 'token: grant_type');
    const code = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    if (!code || code.clientId !== client.clientId) return this.refuse(res, 400, 'invalid_grant', 'token: unknown or spent code');
    if (form.get('redirect_uri') !== code.redirectUri) return this.refuse(res, 400, 'invalid_grant', 'token: redirect_uri differs from the authorize step');
    if (code.challenge !== null) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge) return this.refuse(res, 400, 'invalid_grant', 'token: PKCE verifier does not match');
    }
    this.issue(res, { accountId: code.accountId, scope: code.scope });
  }

  private revoke(req: http.IncomingMessage, res: http.ServerResponse, hit: PageHit): void {
    const form = new URLSearchParams(hit.body);
    if (!this.authenticate(req, res, form)) return;
    const token = form.get('token') ?? '';
    this.revoked.push(token);
    const grant = this.accessTokens.get(token) ?? this.refreshTokens.get(token);
    // Revoking one token of a grant ends the grant.
    for (const map of [this.accessTokens, this.refreshTokens]) for (const [t, g] of map) if (g === grant || t === token) map.delete(t);
    this.json(res, 200, {});
  }
}
